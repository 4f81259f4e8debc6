import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { showToast } from "~/lib/toasts";

/**
 * The Edit agent form's dialog on the chat page: opened by hand, or again by a save that failed
 * (`failure`: the page action's answer, when it is the agent save's), and closed by a save that
 * worked. A failed save's errors stay until the form is closed; opened again, it starts afresh
 * (`formKey` gives it a new form).
 */
export function useAgentEditor(failure: { intent?: string; error?: string } | undefined) {
  const [open, setOpen] = useState(false);
  const [closedAfter, setClosedAfter] = useState<unknown>(null);
  const [formKey, setFormKey] = useState(0);
  const failed = failure?.intent === "edit-agent" && failure !== closedAfter;
  const close = () => {
    setOpen(false);
    setClosedAfter(failure);
    setFormKey((count) => count + 1);
  };
  useEffect(() => {
    if (!failed) return;
    setOpen(true);
    // Spec section 8: 'Failed to update agent' (or 'Failed to upload image: …') as an error toast too.
    showToast("agent-update-failed", failure?.error);
  }, [failed, failure]);
  // A save that worked (a redirect with its toast, so no failure came back) closes the form.
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "edit-agent";
  const saveSent = useRef(false);
  useEffect(() => {
    if (saving) saveSent.current = true;
    else if (saveSent.current && navigation.state === "idle") {
      saveSent.current = false;
      if (!failed) setOpen(false);
    }
  }, [saving, navigation.state, failed]);
  return { open, show: () => setOpen(true), close, formKey, failed };
}
