import { Link } from "react-router";
import { CategoryIcon } from "~/components/category-icon";
import { FaqAccordion, type FaqItem } from "~/components/faq-accordion";
import { InfoPage } from "~/components/info-page";
import { OutlineIcon } from "~/components/ui/outline-icon";

export function meta() {
  return [
    { title: "About Us · CharacterVerse" },
    {
      name: "description",
      content:
        "CharacterVerse lets you chat with AI companions and professional consultants, generate images, video and audio, and create your own characters. Start with 500 free tokens every month.",
    },
  ];
}

const benefits = [
  {
    title: "Always ready to talk",
    text: "Characters answer any time of day, reply as they type, and remember the conversation you are having with them.",
    icon: <path d="M4 5h16v11H9l-5 4z" />,
  },
  {
    title: "Make it yours",
    text: "Create characters from scratch or tune your own copy of any character: its bio, its personality and the AI models it uses.",
    icon: <path d="M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" />,
  },
  {
    title: "Pay only for what you use",
    text: "Every account can claim 500 free tokens each month. Need more? Buy a one-off token package whenever you like.",
    icon: (
      <>
        <circle cx="12" cy="12" r="8" />
        <circle cx="12" cy="12" r="4" />
      </>
    ),
  },
];

const categories = [
  { id: 1, name: "Girls", text: "Warm, witty and curious female companions for conversation, comfort and fun." },
  { id: 2, name: "Guys", text: "Male companions with distinct personalities, from laid-back friends to confident charmers." },
  { id: 3, name: "Anime", text: "Anime-style characters with the energy, drama and art style of your favourite series." },
  { id: 4, name: "Pros", text: "Professional consultants for career, fitness, study, writing and everyday questions." },
];

const faqs: FaqItem[] = [
  {
    question: "What is CharacterVerse?",
    answer: (
      <p>
        CharacterVerse is a place to meet AI characters. You can chat with companions and professional consultants, generate images, video and audio, and create
        characters of your own. Browsing is free; chatting and generating need a free account.
      </p>
    ),
  },
  {
    question: "How do tokens work?",
    answer: (
      <p>
        Tokens pay for AI model use. Each chat message or generated image, video or audio clip costs tokens; the price is shown next to every model, and models
        without a cost are marked Free. Every account gets 500 free tokens a month: the first come when you confirm your e-mail, and after that you claim them
        once a month from the Free Tokens page.
      </p>
    ),
  },
  {
    question: "How much do extra tokens cost?",
    answer: (
      <>
        <p>Tokens come in one-off packages, paid securely through Stripe:</p>
        <ul className="space-y-1">
          <li>Basic: 4,990 tokens for $4.99</li>
          <li>Standard: 19,900 tokens for $19.99</li>
          <li>Premium: 34,900 tokens for $34.99</li>
          <li>Ultimate: 149,000 tokens for $149.99</li>
        </ul>
        <p>Your card details are entered on Stripe's checkout page and never reach our server.</p>
      </>
    ),
  },
  {
    question: "Are my conversations private?",
    answer: (
      <p>
        Yes. Your chats, uploads and character copies belong to your account and are never shown to other users. You decide whether each image you generate is
        public or private. See our{" "}
        <Link to="/privacy" className="text-accent hover:underline">
          Privacy Notice
        </Link>{" "}
        for details.
      </p>
    ),
  },
  {
    question: "Can I create my own characters?",
    answer: (
      <p>
        Yes. Use Create Character to give a character a name, a description, a category, personality details and an avatar. You can also edit your own copy of
        any character you chat with without changing it for anyone else.
      </p>
    ),
  },
  {
    question: "Can I host CharacterVerse myself?",
    answer: (
      <p>
        Yes. CharacterVerse is self-hostable: run it on your own server with your own database, AI provider keys and Stripe account. Whoever runs an
        installation is in charge of its data.
      </p>
    ),
  },
];

export default function AboutUs() {
  return (
    <InfoPage className="space-y-16 md:space-y-24">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-linear-to-br from-accent/25 via-surface to-pink/20 px-6 py-12 text-center md:px-12 md:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">About CharacterVerse</p>
        <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-6xl">Characters who are always ready to talk</h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-muted md:text-lg">
          Chat with AI companions and expert consultants, bring ideas to life with images, video and audio, and create characters that are entirely your own.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/signup" className="btn-primary w-full px-6 py-3 text-base sm:w-auto">
            Sign Up Now
          </Link>
          <Link to="/explore" className="btn-secondary w-full px-6 py-3 text-base sm:w-auto">
            Explore characters
          </Link>
        </div>
      </section>

      <section aria-labelledby="what-heading" className="grid gap-6 md:grid-cols-2 md:items-center md:gap-12">
        <div>
          <h2 id="what-heading" className="text-2xl font-bold md:text-3xl">
            What is CharacterVerse?
          </h2>
          <p className="mt-4 leading-relaxed text-muted">
            CharacterVerse is a home for AI characters. Each one has its own personality and look, and replies stream in as they are written, so a conversation
            feels natural. When words are not enough, ask a character to show you something and generate images, video or audio right from the chat.
          </p>
        </div>
        <ul className="card space-y-3 p-6 text-sm text-muted">
          {[
            "Chat with companions and professional consultants",
            "Generate images, video, audio and music",
            "Create characters and customise your own copies",
            "Start free with 500 tokens every month",
          ].map((item) => (
            <li key={item} className="flex gap-3">
              <span aria-hidden="true" className="text-accent">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="text-2xl font-bold md:text-3xl">
          Why people love it
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {benefits.map((benefit) => (
            <article key={benefit.title} className="card p-6">
              <OutlineIcon className="size-10 rounded-xl bg-accent-soft p-2 text-accent">{benefit.icon}</OutlineIcon>
              <h3 className="mt-4 text-lg font-semibold">{benefit.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{benefit.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold md:text-3xl">
          Find your character
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <Link
              key={category.id}
              to={`/explore?category=${category.id}`}
              className="card group block p-6 transition hover:-translate-y-0.5 hover:border-accent"
            >
              <CategoryIcon name={category.name} className="size-8 text-accent" />
              <h3 className="mt-3 text-lg font-semibold group-hover:text-accent">{category.name}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{category.text}</p>
            </Link>
          ))}
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-24">
        <h2 id="faq-heading" className="text-2xl font-bold md:text-3xl">
          Frequently asked questions
        </h2>
        <div className="mt-6">
          <FaqAccordion items={faqs} />
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="card bg-linear-to-r from-accent/20 to-pink/20 px-6 py-10 text-center md:py-14">
        <h2 id="cta-heading" className="text-2xl font-bold md:text-3xl">
          Ready to meet your first character?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">Create a free account: your first 500 tokens arrive when you confirm your e-mail.</p>
        <Link to="/signup" className="btn-primary mt-6 w-full px-6 py-3 text-base sm:w-auto">
          Sign Up Now
        </Link>
      </section>
    </InfoPage>
  );
}
