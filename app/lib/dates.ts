import { format } from "date-fns";

/** The spec's two date formats, in one place. */
export const formatDate = (value: string | Date) => format(new Date(value), "MMM d, yyyy");
export const formatDateTime = (value: string | Date) => format(new Date(value), "MMM d, yyyy h:mm a");
