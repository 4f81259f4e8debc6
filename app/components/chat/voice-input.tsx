import { Mic, MicOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/lib/i18n/react";
import { showToast } from "~/lib/toasts";
import { TOOL } from "./mode-picker";

/** What the page uses of the Web Speech API's recognition (not in TypeScript's DOM types). */
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
};
type RecognitionConstructor = new () => Recognition;

/** The browser's speech recognition, where it offers one (Chrome and Safari name it webkitSpeechRecognition). */
function speechRecognition(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** Errors that only mean nothing was heard, or that the person stopped: no need to say anything. */
const QUIET_ERRORS = new Set(["no-speech", "aborted"]);

/**
 * The composer's mic: dictates into the message box with the browser's speech recognition. Not
 * rendered on the server, and after hydration only where the browser has recognition, so a button
 * that cannot work is never shown. Each finished phrase is added to what is in the box.
 */
export function VoiceInput({ onText, onUse }: { onText: (text: string) => void; onUse?: () => void }) {
  const [available, setAvailable] = useState(false);
  const t = useT();
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  useEffect(() => {
    setAvailable(speechRecognition() !== null);
    return () => recognition.current?.stop();
  }, []);
  if (!available) return null;

  function toggle() {
    onUse?.();
    if (recognition.current) return recognition.current.stop();
    const Recognition = speechRecognition();
    if (!Recognition) return;
    const listener = new Recognition();
    listener.lang = document.documentElement.lang || navigator.language;
    listener.continuous = false;
    listener.interimResults = false;
    listener.onresult = (event) => {
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index]!;
        if (result.isFinal && result[0]?.transcript.trim()) onText(result[0].transcript.trim());
      }
    };
    listener.onerror = (event) => {
      if (!QUIET_ERRORS.has(event.error)) showToast("voice-unsupported");
    };
    listener.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    recognition.current = listener;
    try {
      listener.start();
      setListening(true);
    } catch {
      recognition.current = null;
      showToast("voice-unsupported");
    }
  }

  return (
    <button type="button" onClick={toggle} className={`${TOOL} ${listening ? "text-accent md:border-accent" : ""}`} aria-pressed={listening}>
      {listening ? <MicOff className="size-4 shrink-0" aria-hidden /> : <Mic className="size-4 shrink-0" aria-hidden />}
      <span className="md:sr-only">{listening ? t("chat.voice.stop") : t("chat.voice.input")}</span>
      {listening ? (
        <span role="status" className="sr-only">
          {t("chat.voice.listening")}
        </span>
      ) : null}
    </button>
  );
}
