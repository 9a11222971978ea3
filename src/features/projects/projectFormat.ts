import type { Address } from '../../contract/dtos';

export function formatAddress(address: Address | undefined): string | undefined {
  if (!address) return undefined;
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [address.line1, address.line2, cityLine, address.county, address.country].filter(
    (l): l is string => Boolean(l && l.trim()),
  );
  return lines.length ? lines.join('\n') : undefined;
}

/** Only http(s) and same-service paths are loaded as images. */
export function resolveLogoUrl(logoUrl: string | undefined, baseUrl: string): string | undefined {
  if (!logoUrl) return undefined;
  if (/^https?:\/\//i.test(logoUrl)) return logoUrl;
  if (logoUrl.startsWith('/') && !logoUrl.startsWith('//')) return baseUrl + logoUrl;
  return undefined;
}
