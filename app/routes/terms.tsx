import { Link } from "react-router";
import { documentStyles, LegalDocument, type DocumentSection } from "~/components/info-page";

export function meta() {
  return [
    { title: "Terms of Service · CharacterVerse" },
    {
      name: "description",
      content: "The rules for using CharacterVerse: accounts, tokens and payments, acceptable use and AI output.",
    },
  ];
}

const { list, link } = documentStyles;

const sections: DocumentSection[] = [
  {
    id: "agreement",
    title: "About these terms",
    body: (
      <p>
        These terms apply when you use this CharacterVerse installation. CharacterVerse is self-hostable software, and this installation is run by its operator;
        &ldquo;we&rdquo; and &ldquo;us&rdquo; mean that operator. By creating an account or using the service you agree to these terms and to how we handle data
        as described in our{" "}
        <Link to="/privacy" className={link}>
          Privacy Notice
        </Link>
        .
      </p>
    ),
  },
  {
    id: "service",
    title: "The service",
    body: (
      <p>
        CharacterVerse lets you browse AI characters, chat with them, generate images, video and audio, and create characters of your own. We choose which AI
        models and providers are offered and may add, change or remove them.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul className={list}>
        <li>You must be at least 18 years old, or the age of majority where you live if that is higher.</li>
        <li>You must verify your e-mail address before you can sign in, and give accurate information.</li>
        <li>Keep your password secret. You are responsible for what happens under your account; tell us at once if you think someone else is using it.</li>
      </ul>
    ),
  },
  {
    id: "tokens",
    title: "Tokens and payments",
    body: (
      <ul className={list}>
        <li>Using AI models costs tokens. The cost of each model is shown before you use it and is deducted when you send a message or start a generation.</li>
        <li>Every signed-in account can claim 500 free tokens once per month.</li>
        <li>
          Extra tokens are sold in packages: Basic, 4,990 tokens for $4.99; Standard, 19,900 for $19.99; Premium, 34,900 for $34.99; Ultimate, 149,000 for
          $149.99 (US dollars). We may change prices; a change never affects tokens you have already bought.
        </li>
        <li>Payments are processed by Stripe under its own terms. We never see or store your card details.</li>
        <li>Tokens are not money. They have no cash value and cannot be transferred, sold or exchanged outside the service.</li>
        <li>Token purchases are final and non-refundable, except where the law that applies to you requires a refund.</li>
      </ul>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You must not use CharacterVerse to:</p>
        <ul className={list}>
          <li>create or request sexual content involving minors, or characters presented as minors;</li>
          <li>depict real people in sexual, defamatory or harassing content, or impersonate anyone;</li>
          <li>threaten, harass or promote violence or hatred against anyone;</li>
          <li>break the law, or infringe anyone&rsquo;s copyright, trademark or privacy;</li>
          <li>pass off AI output as coming from a real person in order to deceive;</li>
          <li>get around token costs, limits or security measures, overload the service, or access other people&rsquo;s accounts or data.</li>
        </ul>
      </>
    ),
  },
  {
    id: "content",
    title: "Your content and characters",
    body: (
      <>
        <p>
          You keep the rights to what you write, upload and create. You give us permission to store, process and send it to AI providers only as needed to run
          the service, and to show images you make public to other users while they are public. Only upload material you have the right to use.
        </p>
        <p>Characters you create must follow these terms. We may remove content or characters that break them.</p>
      </>
    ),
  },
  {
    id: "ai-output",
    title: "AI output",
    body: (
      <>
        <p>
          Characters are fictional. Their replies and generated media are produced automatically by AI models and may be inaccurate, incomplete, offensive or
          out of character. They do not state our views.
        </p>
        <p>
          Professional characters give general information only, not medical, legal, financial or psychological advice; consult a qualified professional before
          acting on it. If you are in crisis or danger, contact your local emergency services. You are responsible for how you use what the service produces.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Suspension and closing your account",
    body: (
      <p>
        You may stop using the service and ask us to delete your account at any time. We may suspend or close an account that breaks these terms. Tokens left in
        an account closed for a breach are lost, unless the law says otherwise.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Availability and liability",
    body: (
      <p>
        We work to keep the service running, but it is provided &ldquo;as is&rdquo; and may be interrupted, changed or discontinued. To the extent the law
        allows, we are not liable for indirect or consequential losses, and our total liability is limited to what you paid us in the twelve months before the
        claim. Nothing in these terms limits rights you have under consumer law that cannot be waived.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        When we change these terms we update the date at the top and, for significant changes, tell you in advance by e-mail or in the app. If you keep using
        the service after a change takes effect, the new terms apply.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms? Reach us through the{" "}
        <Link to="/contactus" className={link}>
          Contact Us
        </Link>{" "}
        page.
      </p>
    ),
  },
];

export default function Terms() {
  return <LegalDocument title="Terms of Service" lastUpdated="November 21, 2026" sections={sections} />;
}
