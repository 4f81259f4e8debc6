/** The Chat Models and Character Details pages' texts (spec section 8), apart from their schemas so the toasts, on every page, load no zod. */

export const modelTexts = {
  empty: "No chat models found",
  fetchFailed: "Error fetching chat models",
  added: "Chat model added successfully",
  updated: "Chat model updated successfully",
  deleted: "Chat model deleted successfully",
  addFailed: "Failed to add chat model",
  addError: "Error adding chat model",
  updateFailed: "Error updating chat model",
  deleteFailed: "Error deleting chat model",
  deleteQuestion: "Are you sure you want to delete this chat model?",
  chatModelRequired: "Chat model is required",
  modelIdRequired: "Model ID is required",
  platformRequired: "AI platform is required",
  typeRequired: "Model type is required",
  costInteger: "Tokens must be a whole number of at least 0",
  contextTokens: "Context size must be blank or a whole number from 512 to 10000000 tokens",
  duplicate: "A chat model with this name already exists",
  apiUrl: "API URL must start with http:// or https://",
  testPrompt: "Reply with one short sentence to confirm you are working.",
} as const;

export const detailTexts = {
  empty: "No character details found",
  nameRequired: "Name is required",
  saved: "Character detail created or updated successfully",
  saveFailed: "Failed to save character detail",
  deleted: "Detail deleted successfully",
  deleteFailed: "Failed to delete detail",
  deleteQuestion: "Are you sure you want to delete this detail?",
  loadFailed: "Error fetching character details",
  badLine: (line: number) => `Option ${line} is not valid JSON: write an object like {"name": "…"} or plain text`,
} as const;
