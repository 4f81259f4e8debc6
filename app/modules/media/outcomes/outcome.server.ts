import type { MediaSettings } from "~/lib/media-pricing";
import type { Runner } from "~/modules/tokens/ledger.server";
import type { StoredMedia } from "../results.server";

/**
 * What a media job is for, and what its ending does for that purpose beside what every job's
 * ending does (its status, its tokens, its gallery rows, its event: transitions.server.ts). One
 * handler per purpose: outcomes/gallery, outcomes/chat-reply, outcomes/avatar.
 */

/** A gallery picture (the Generate page), a chat's picture or voice note reply, or a character's avatar. */
export type JobPurpose = "gallery" | "chat-reply" | "avatar";

/** The columns of a job that say its purpose. */
export type PurposeColumns = { userId: string; characterId: string | null; chatSessionId: string | null; chatMessageId: string | null; setsAvatar: boolean };

/** A job as its completion reads it. */
export type FinishingJob = PurposeColumns & {
  id: string;
  requestId: string;
  prompt: string;
  settings: MediaSettings;
  costUnit: string;
  unitCost: number;
  costTokens: number;
};

/** A stored file once the completion has given it its gallery row. */
export type GalleryItem = StoredMedia & { galleryImageId: string };

export function purposeOf(job: PurposeColumns): JobPurpose {
  if (job.chatMessageId && job.chatSessionId) return "chat-reply";
  return job.setsAvatar ? "avatar" : "gallery";
}

/** What a purpose does when its job completes: inside the completing transaction, and after it. */
export type Completion = {
  /** In the completing transaction, once it has won the job and written the gallery rows. */
  completed(tx: Runner, items: GalleryItem[]): Promise<void>;
  /** After the transaction: `committed` false when it threw (nothing it did is kept). */
  after(committed: boolean): Promise<void>;
};

export type JobOutcome = {
  /** Readies the completion, before its transaction, with the files stored for the job. */
  completing(job: FinishingJob, stored: StoredMedia[]): Promise<Completion>;
  /** In the transaction that ends the job without media (failed, timed out, cancelled); `text` says why. */
  ended(tx: Runner, job: PurposeColumns, text: string): Promise<void>;
};

/** A completion that adds nothing to what every job's completion does. */
export const NOTHING_MORE: Completion = { completed: async () => {}, after: async () => {} };
