import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeNext } from '../../routes/routes';
import { SignInScreen } from './SignInScreen';

/** The sign-in route inside the router (after a sign-out, or a session that ended): back to `next` once signed in. */
export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  return <SignInScreen next={next} onSignedIn={() => navigate(next, { replace: true })} />;
}

export default SignInPage;
