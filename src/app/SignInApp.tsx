// A signed-out visit: the sign-in page alone, without the router (src/main.tsx). React Router, TanStack Query and
// the console's route table are in the chunk src/app/startConsole.tsx, loaded while the visitor types and started
// once signed in: the sign-in page's first load carries none of them (docs/performance.md, "Sign-in first load").
import { SignInScreen, type SignInScreenProps } from '../features/auth/SignInScreen';
import { ConsoleTheme } from './ConsoleTheme';
import { UpdatePrompt } from './UpdatePrompt';

export function SignInApp(props: SignInScreenProps) {
  return (
    <ConsoleTheme>
      <SignInScreen {...props} />
      {/* As on every page: a new build waits for the user's Reload (src/app/serviceWorker.ts). */}
      <UpdatePrompt />
    </ConsoleTheme>
  );
}
