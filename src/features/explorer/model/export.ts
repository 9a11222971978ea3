// Copy as curl / fetch: the request with the session key and API key as shell placeholders.

export const SESSION_PLACEHOLDER = '$PM_SESSION_KEY';
export const API_KEY_PLACEHOLDER = '$PM_API_KEY';

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'"'"'`)}'`;

/** A curl command; the keys are shell variables the person running it sets (`$PM_SESSION_KEY`, `$PM_API_KEY`). */
export function toCurl(req: HttpRequest): string {
  const parts = [`curl -X ${req.method} ${shellQuote(req.url)}`];
  for (const [name, value] of Object.entries(req.headers)) {
    // Double quotes so that the shell expands the key variable.
    parts.push(value.includes('$PM_') ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (req.body !== undefined) {
    const quoted = shellQuote(req.body).split(`"${SESSION_PLACEHOLDER}"`).join(`"'"$PM_SESSION_KEY"'"`);
    parts.push(`--data-raw ${quoted}`);
  }
  return parts.join(' \\\n  ');
}

/** A fetch call for a browser console or Node; the keys are read from variables of the same names. */
export function toFetch(req: HttpRequest): string {
  const expr = (s: string) => {
    if (!s.includes('$PM_')) return JSON.stringify(s);
    const tpl = s.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${');
    return `\`${tpl.replace(/\$(PM_SESSION_KEY|PM_API_KEY)/g, '${$1}')}\``;
  };
  const lines = [`await fetch(${JSON.stringify(req.url)}, {`, `  method: ${JSON.stringify(req.method)},`];
  lines.push('  headers: {');
  for (const [name, value] of Object.entries(req.headers))
    lines.push(`    ${JSON.stringify(name)}: ${expr(value)},`);
  lines.push('  },');
  if (req.body !== undefined) lines.push(`  body: ${expr(req.body)},`);
  lines.push('}).then((r) => r.json());');
  const vars = [
    ...(JSON.stringify(req).includes(SESSION_PLACEHOLDER) ? ['PM_SESSION_KEY'] : []),
    ...(JSON.stringify(req).includes(API_KEY_PLACEHOLDER) ? ['PM_API_KEY'] : []),
  ];
  const head = vars.map((v) => `const ${v} = '…'; // your key`);
  return [...head, ...lines].join('\n');
}
