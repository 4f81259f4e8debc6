/** The largest number the database's integer columns hold: a larger id in an address names nothing. */
export const LARGEST_STORED_INTEGER = 2_147_483_647;

/**
 * The most pixels (width × height of one frame) a picture anyone sends may have. A small file can
 * declare a huge picture (a decompression bomb): the header is read first, and nothing larger is
 * decoded anywhere.
 */
export const IMAGE_MAX_PIXELS = 8192 * 8192;
export const imageTooLargeText = "This picture has too many pixels: it can be at most 8192 × 8192 (67 megapixels).";
