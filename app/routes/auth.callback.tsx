export default function AuthCallback() {
  return null;
}
