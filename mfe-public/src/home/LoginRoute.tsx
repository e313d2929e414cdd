import { HomePage } from './HomePage';

/** /login is the home page with the login dialog open. */
export default function LoginRoute() {
  return <HomePage defaultModal="login" />;
}
