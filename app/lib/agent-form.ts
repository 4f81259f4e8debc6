/**
 * The longest each text of the edit agent form may be: the schema's limits (in the agents module)
 * and the form's maxLength. No zod here: the toasts, on every page, read this file's texts.
 */
export const AGENT_FIELD_MAX = { name: 60, description: 500, bio: 2000, systemInstruction: 4000, messageInstruction: 4000 } as const;

export const agentTexts = {
  updated: "Agent updated successfully",
  updateFailed: "Failed to update agent",
  uploadFailed: "Failed to upload image",
  /** The published models the agent may choose from could not be read; the agent keeps its own. */
  modelsFailed: "Failed to fetch available models",
} as const;
