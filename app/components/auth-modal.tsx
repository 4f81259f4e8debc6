import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { TextId, TextValues } from "~/lib/i18n/ids";
import type { AuthModalMode, AuthModalPicture } from "./auth-modal-dialog";

const AuthModalDialog = lazy(() => import("./auth-modal-dialog"));

export type { AuthModalPicture };
/** A text the modal shows over its form: already in the page's language, or a text id it translates. */
export type AuthModalMessage = string | { id: TextId; values?: TextValues };
/** `onDismiss`: what closing the modal without signing in does (some pages leave, spec section 2). */
type OpenRequest = { mode?: AuthModalMode; message?: AuthModalMessage; redirectTo?: string; onDismiss?: () => void };
type OpenAuthModal = (request?: OpenRequest) => void;

/** The window event the header's 'Create Account' fires (spec section 2): the modal opens on sign-up. */
export const SHOW_CREATE_ACCOUNT_EVENT = "showCreateAccountModal";

/** Spec texts for actions that need an account, shown in the page's language. */
export const signInPrompts = {
  favorite: { id: "auth.prompt.favorite" },
  chat: (name: string) => ({ id: "auth.prompt.chat", values: { name } }),
} satisfies Record<string, AuthModalMessage | ((name: string) => AuthModalMessage)>;

const AuthModalContext = createContext<OpenAuthModal>(() => {});

/** Opens the sign-in (or sign-up) modal from anywhere in the shell. */
export function useAuthModal() {
  return useContext(AuthModalContext);
}

/**
 * The spec's sign-in and sign-up modals. They post to the /login and /signup actions, so the
 * server applies exactly the rules of the pages (and the pages remain for browsers without
 * JavaScript). After sign-in the person stays where they were, or goes where they were headed.
 */
export function AuthModalProvider({ pictures, googleSignIn, children }: { pictures: AuthModalPicture[]; googleSignIn: boolean; children: ReactNode }) {
  const location = useLocation();
  const [state, setState] = useState<(OpenRequest & { mode: AuthModalMode }) | null>(null);
  const [picture, setPicture] = useState<AuthModalPicture | null>(null);
  const [opened, setOpened] = useState(false);

  const open = useCallback<OpenAuthModal>(
    (request = {}) => {
      // Chosen when the modal opens, in the browser: the server never renders an open modal.
      setPicture(pictures.length ? pictures[Math.floor(Math.random() * pictures.length)]! : null);
      setState({ ...request, mode: request.mode ?? "signin" });
      setOpened(true);
    },
    [pictures],
  );

  useEffect(() => {
    const showCreateAccount = () => open({ mode: "signup" });
    window.addEventListener(SHOW_CREATE_ACCOUNT_EVENT, showCreateAccount);
    return () => window.removeEventListener(SHOW_CREATE_ACCOUNT_EVENT, showCreateAccount);
  }, [open]);

  // A navigation (a link inside the modal, or the redirect after signing in) closes it.
  // Compared with the previous key, not run on mount, so a page may open the modal as it loads.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    setState(null);
  }, [location.key]);

  const here = useMemo(() => {
    const params = new URLSearchParams(location.search);
    params.delete("toast");
    const search = params.toString();
    return location.pathname + (search ? `?${search}` : "");
  }, [location.pathname, location.search]);
  const redirectTo = state?.redirectTo ?? here;
  const close = useCallback(() => {
    state?.onDismiss?.();
    setState(null);
  }, [state]);

  return (
    <AuthModalContext.Provider value={open}>
      {children}
      {/* Mounted from the first opening on, so closing returns focus as the native dialog does. */}
      {opened ? (
        <Suspense fallback={null}>
          <AuthModalDialog
            open={state !== null}
            mode={state?.mode ?? "signin"}
            message={state?.message}
            redirectTo={redirectTo}
            picture={picture}
            googleSignIn={googleSignIn}
            onClose={close}
            onSwitch={(mode) => open({ ...state, mode })}
          />
        </Suspense>
      ) : null}
    </AuthModalContext.Provider>
  );
}
