import { z } from "zod";

/** The edit agent form (spec section 2): one schema for the server and the form's hints. */
export const agentFormSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(60, "Use at most 60 characters"),
  description: z.string().trim().max(500, "Use at most 500 characters"),
  bio: z.string().trim().max(2000, "Use at most 2000 characters"),
  systemInstruction: z.string().trim().max(4000, "Use at most 4000 characters"),
  messageInstruction: z.string().trim().max(4000, "Use at most 4000 characters"),
});


export const agentTexts = {
  updated: "Agent updated successfully",
  updateFailed: "Failed to update agent",
  uploadFailed: "Failed to upload image",
} as const;
