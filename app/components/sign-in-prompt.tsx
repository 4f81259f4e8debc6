import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Dialog } from "./ui/dialog";

type Prompt = { title: string; message: string };
const SignInPromptContext = createContext<(prompt: Prompt) => void>(() => {});

/** Spec texts for actions that need an account. */
export const signInPrompts = {
  favorite: { title: "Sign in required", message: "Please sign in to add favorites" },
  chat: (name: string) => ({ title: "Sign in required", message: `Please sign in to chat with ${name}` }),
};

/** Opens a "Sign in required" dialog from anywhere; links to the sign-in and sign-up pages. */
export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const open = useCallback((next: Prompt) => setPrompt(next), []);
  return (
    <SignInPromptContext.Provider value={open}>
      {children}
      <Dialog open={prompt !== null} onClose={() => setPrompt(null)} title={prompt?.title ?? "Sign in required"}>
        <h2 className="text-lg font-semibold">{prompt?.title}</h2>
        <p className="mt-2 text-sm text-muted">{prompt?.message}</p>
        <div className="mt-6 flex gap-3">
          <Link to="/login" className="btn-primary flex-1" onClick={() => setPrompt(null)}>
            Login
          </Link>
          <Link to="/signup" className="btn-secondary flex-1" onClick={() => setPrompt(null)}>
            Create Account
          </Link>
        </div>
      </Dialog>
    </SignInPromptContext.Provider>
  );
}

export function useSignInPrompt() {
  return useContext(SignInPromptContext);
}
