/** The signed-in person as the header shows them. */
export type HeaderProfile = { name: string | null; email: string; avatarUrl: string | null; isAdmin: boolean; tokens: number };

/** Spec: the name, or the part of the e-mail before @, or 'My Profile'. */
export function displayName(person: { name: string | null; email: string }) {
  return person.name?.trim() || person.email.split("@")[0] || "My Profile";
}
