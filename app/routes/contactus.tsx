import type { ReactNode } from "react";
import { Form, Link, data, useActionData } from "react-router";
import { InfoPage } from "~/components/info-page";
import { OutlineIcon } from "~/components/ui/outline-icon";

const SIGN_IN_REQUIRED = "Please login or create an account to send us a message";

export function meta() {
  return [
    { title: "Contact Us · CharacterVerse" },
    {
      name: "description",
      content: "Questions about your account, tokens or a character? Send the CharacterVerse team a message.",
    },
  ];
}

// Sign-in does not exist yet, so every visitor is signed out and no message can be sent.
// The tickets feature replaces this with validation and ticket creation for signed-in users.
export async function action() {
  return data({ error: SIGN_IN_REQUIRED }, { status: 401 });
}

export default function ContactUs() {
  const actionData = useActionData<typeof action>();

  return (
    <InfoPage>
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Contact Us</h1>
        <p className="mt-3 text-muted">Questions about your account, tokens or a character? Send us a message and we&rsquo;ll get back to you.</p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-6">
          <section aria-labelledby="sign-in-heading" className="card bg-linear-to-br from-accent/15 to-pink/10 p-5 md:p-6">
            <h2 id="sign-in-heading" className="text-lg font-semibold">
              Sign in required
            </h2>
            <p className="mt-1 text-sm text-muted">{SIGN_IN_REQUIRED}</p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <Link to="/signup" className="btn-primary">
                Sign Up
              </Link>
              <Link to="/login" className="btn-secondary">
                Login
              </Link>
            </div>
          </section>

          {actionData?.error ? (
            <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
              {actionData.error}
            </p>
          ) : null}

          <section aria-labelledby="message-heading" className="card p-5 md:p-6">
            <h2 id="message-heading" className="text-lg font-semibold">
              Send us a message
            </h2>
            <Form method="post" className="mt-4">
              <fieldset disabled className="space-y-4 disabled:opacity-60">
                <legend className="sr-only">Your message</legend>
                <div>
                  <label htmlFor="contact-topic" className="text-sm font-medium">
                    Topic
                  </label>
                  <input id="contact-topic" name="topic" type="text" required placeholder="What is your message about?" className="field mt-1.5" />
                </div>
                <div>
                  <label htmlFor="contact-message" className="text-sm font-medium">
                    Message
                  </label>
                  <textarea id="contact-message" name="message" rows={6} required placeholder="Tell us how we can help" className="field mt-1.5 resize-y" />
                </div>
                <button type="submit" className="btn-primary w-full sm:w-auto">
                  Send Message
                </button>
              </fieldset>
            </Form>
          </section>
        </div>

        <aside aria-labelledby="help-heading" className="space-y-4">
          <h2 id="help-heading" className="sr-only">
            Other ways to get help
          </h2>
          <InfoCard
            title="Response time"
            icon={
              <>
                <circle cx="12" cy="12" r="8" />
                <path d="M12 8v4l3 2" />
              </>
            }
          >
            We answer most messages within one to two business days.
          </InfoCard>
          <InfoCard
            title="Help centre"
            icon={
              <>
                <circle cx="12" cy="12" r="8" />
                <path d="M9.5 9.5a2.5 2.5 0 1 1 3.3 2.4c-.5.2-.8.6-.8 1.1v.5M12 16.5h.01" />
              </>
            }
          >
            Answers about tokens, privacy and creating characters are in our{" "}
            <Link to="/aboutus#faq" className="text-accent hover:underline">
              FAQ
            </Link>
            .
          </InfoCard>
          <InfoCard
            title="Your tickets"
            icon={
              <>
                <rect x="4" y="5" width="16" height="14" rx="2" />
                <path d="M4 8l8 5 8-5" />
              </>
            }
          >
            Once signed in, you can follow every message you send and our replies in your dashboard.
          </InfoCard>
        </aside>
      </div>
    </InfoPage>
  );
}

function InfoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="card flex gap-4 p-5">
      <OutlineIcon className="size-9 shrink-0 rounded-xl bg-accent-soft p-1.5 text-accent">{icon}</OutlineIcon>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm text-muted">{children}</p>
      </div>
    </section>
  );
}
