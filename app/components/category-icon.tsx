import { SpriteIcon, type SpriteIconName } from "./ui/sprite-icon";

const icons: Record<string, SpriteIconName> = { Girls: "heart", Guys: "user", Anime: "sparkles", Pros: "briefcase" };

/** A category's icon, from the shell's sprite (categories show on every page). */
export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  return <SpriteIcon name={icons[name] ?? icons.Girls} className={className} />;
}
