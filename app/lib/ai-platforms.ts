/**
 * The AI platforms the app can talk to. Each reads `<PREFIX>_API_KEY` and `<PREFIX>_BASE_URL`.
 * The demo platform runs inside the app with no network, so every flow works without keys.
 */
export type AiPlatform = {
  id: string;
  label: string;
  envPrefix: string;
  defaultBaseUrl: string;
  needsKey: boolean;
  /** perplexity answers do not stream (spec: "Streaming is switched off for the platform perplexity") */
  streams: boolean;
};

export const DEMO_PLATFORM = "demo";

export const aiPlatforms: AiPlatform[] = [
  { id: DEMO_PLATFORM, label: "Demo (offline)", envPrefix: "DEMO", defaultBaseUrl: "", needsKey: false, streams: true },
  { id: "nebius", label: "Nebius", envPrefix: "NEBIUS", defaultBaseUrl: "https://api.studio.nebius.com/v1", needsKey: true, streams: true },
  { id: "openai", label: "OpenAI", envPrefix: "OPENAI", defaultBaseUrl: "https://api.openai.com/v1", needsKey: true, streams: true },
  { id: "openrouter", label: "OpenRouter", envPrefix: "OPENROUTER", defaultBaseUrl: "https://openrouter.ai/api/v1", needsKey: true, streams: true },
  { id: "deepseek", label: "DeepSeek", envPrefix: "DEEPSEEK", defaultBaseUrl: "https://api.deepseek.com/v1", needsKey: true, streams: true },
  { id: "together", label: "Together AI", envPrefix: "TOGETHER", defaultBaseUrl: "https://api.together.xyz/v1", needsKey: true, streams: true },
  { id: "groq", label: "Groq", envPrefix: "GROQ", defaultBaseUrl: "https://api.groq.com/openai/v1", needsKey: true, streams: true },
  { id: "perplexity", label: "Perplexity", envPrefix: "PERPLEXITY", defaultBaseUrl: "https://api.perplexity.ai", needsKey: true, streams: false },
  { id: "fal", label: "fal.ai", envPrefix: "FAL", defaultBaseUrl: "https://fal.run", needsKey: true, streams: false },
  { id: "ollama", label: "Ollama", envPrefix: "OLLAMA", defaultBaseUrl: "http://127.0.0.1:11434/v1", needsKey: false, streams: true },
];

export function findPlatform(id: string) {
  return aiPlatforms.find((platform) => platform.id === id);
}

export function isDemoPlatform(id: string) {
  return id === DEMO_PLATFORM;
}
