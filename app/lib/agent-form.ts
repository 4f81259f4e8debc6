import { z } from "zod";

/** The longest each text of the edit agent form may be: the schema's limits and the form's maxLength. */
export const AGENT_FIELD_MAX = { name: 60, description: 500, bio: 2000, systemInstruction: 4000, messageInstruction: 4000 } as const;

const atMost = (field: keyof typeof AGENT_FIELD_MAX) => z.string().trim().max(AGENT_FIELD_MAX[field], `Use at most ${AGENT_FIELD_MAX[field]} characters`);

/** The edit agent form (spec section 2): one schema for the server and the form's hints. */
export const agentFormSchema = z.object({
  name: atMost("name").min(1, "Name is required"),
  description: atMost("description"),
  bio: atMost("bio"),
  systemInstruction: atMost("systemInstruction"),
  messageInstruction: atMost("messageInstruction"),
});

export const agentTexts = {
  updated: "Agent updated successfully",
  updateFailed: "Failed to update agent",
  uploadFailed: "Failed to upload image",
} as const;
