import { Briefcase, Heart, Sparkles, User, type LucideProps } from "lucide-react";

const icons: Record<string, (props: LucideProps) => React.ReactNode> = {
  Girls: (props) => <Heart {...props} />,
  Guys: (props) => <User {...props} />,
  Anime: (props) => <Sparkles {...props} />,
  Pros: (props) => <Briefcase {...props} />,
};

export function CategoryIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = icons[name] ?? icons.Girls;
  return <Icon aria-hidden {...props} />;
}
