import { Link } from "react-router";
import { documentStyles, LegalDocument, type DocumentSection } from "~/components/info-page";

export function meta() {
  return [
    { title: "Privacy Notice · CharacterVerse" },
    {
      name: "description",
      content: "What personal data CharacterVerse collects, why, how long it is kept and the rights you have.",
    },
  ];
}

const { list, link } = documentStyles;

const sections: DocumentSection[] = [
  {
    id: "controller",
    title: "Who is responsible for your data",
    body: (
      <p>
        CharacterVerse is self-hostable software. Each installation is run by an operator: the person or organisation that runs the website you are using. That
        operator is the controller of the personal data processed on this installation, and &ldquo;we&rdquo; and &ldquo;us&rdquo; in this notice mean them. The
        authors of the software do not receive data from installations they do not run.
      </p>
    ),
  },
  {
    id: "collect",
    title: "What we collect",
    body: (
      <ul className={list}>
        <li>
          <strong className="text-ink">Account details:</strong> your e-mail address, name and avatar. Passwords are stored only as a one-way hash. If you sign
          in with a third-party identity provider, we receive the e-mail, name and picture it shares.
        </li>
        <li>
          <strong className="text-ink">Your content:</strong> chat messages and the replies characters send you, characters and character copies you create or
          edit, files you attach or upload, media you generate with the prompts used, your favourites and support tickets.
        </li>
        <li>
          <strong className="text-ink">Token and payment records:</strong> your token balance, monthly claims, purchases and spending. For a purchase we keep
          the package, amount, date and Stripe&rsquo;s reference. Payments are handled by Stripe: you enter card details on Stripe&rsquo;s checkout page, and
          card data never touches our server.
        </li>
        <li>
          <strong className="text-ink">Technical data:</strong> a session cookie that keeps you signed in, and server logs (IP address, browser type, pages
          requested and times) needed to run and protect the service.
        </li>
      </ul>
    ),
  },
  {
    id: "why",
    title: "Why we use it",
    body: (
      <ul className={list}>
        <li>
          To provide the service you signed up for: your account, your conversations, character replies and media generation (performance of our contract with
          you).
        </li>
        <li>To sell token packages and keep the financial records the law requires (contract and legal obligation).</li>
        <li>To keep the service secure, prevent abuse and fix problems (our legitimate interest in a working, safe service).</li>
        <li>To answer your support requests and send essential e-mails such as address verification and password resets.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Who receives your data",
    body: (
      <>
        <p>
          To produce a reply or a piece of media, your message, recent messages from the same conversation, the character&rsquo;s instructions and any files you
          attach are sent to the AI provider that runs the chosen model. The operator decides which providers this installation uses; they process the data to
          return a result.
        </p>
        <p>
          We also rely on Stripe for payments and on hosting, file storage and e-mail providers to run the service. We do not sell your personal data or use it
          for advertising, and we disclose it to authorities only when the law requires us to.
        </p>
      </>
    ),
  },
  {
    id: "visibility",
    title: "Who can see your content",
    body: (
      <p>
        Your conversations, uploads and character copies are private to your account and are not shown to other users. Images you mark as public appear in the
        public gallery for everyone; you can make them private again at any time. People who administer this installation can technically access stored data and
        do so only to run the service, handle a request from you or meet a legal obligation.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <ul className={list}>
        <li>
          Account details and content: for as long as your account exists. After you ask us to delete your account, we erase them within 30 days, apart from the
          records below.
        </li>
        <li>Payment and token records: for as long as tax and accounting law requires, usually between six and ten years.</li>
        <li>Server logs: normally no longer than 30 days, unless needed to investigate a security incident.</li>
      </ul>
    ),
  },
  {
    id: "rights",
    title: "Your rights",
    body: (
      <>
        <p>
          Depending on where you live, you can ask to access your data, correct it, delete it, receive a copy in a portable format, restrict or object to how we
          use it, and withdraw any consent you gave. You can change your name and avatar yourself in your dashboard settings; for anything else, contact us and
          we will reply within one month.
        </p>
        <p>You also have the right to complain to your local data protection authority.</p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <p>
        We use only essential cookies, to keep you signed in and to protect forms. Your browser&rsquo;s local storage remembers conveniences such as the last
        chat you opened. We use no advertising or cross-site tracking cookies.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Traffic is encrypted in transit, passwords are hashed, and access to stored data is limited to the people who need it. No system is perfectly secure; if
        a breach affects your data, we will tell you as the law requires.
      </p>
    ),
  },
  {
    id: "ai",
    title: "AI output",
    body: (
      <p>
        Characters are fictional and their replies are produced automatically by AI models. Replies can be wrong or unexpected and are not professional advice.
        Please avoid sharing sensitive details, such as health or financial information, that you do not need to share.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: <p>CharacterVerse is not meant for anyone under 18, and we do not knowingly collect data from children.</p>,
  },
  {
    id: "changes",
    title: "Changes to this notice",
    body: (
      <p>
        When we change this notice we update the date at the top. If a change matters for how your data is used, we will also tell you by e-mail or in the app
        before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        For questions or requests about your data, write to us through the{" "}
        <Link to="/contactus" className={link}>
          Contact Us
        </Link>{" "}
        page. Our{" "}
        <Link to="/terms" className={link}>
          Terms of Service
        </Link>{" "}
        explain the rules for using the service.
      </p>
    ),
  },
];

export default function Privacy() {
  return <LegalDocument title="Privacy Notice" lastUpdated="November 21, 2026" sections={sections} />;
}
