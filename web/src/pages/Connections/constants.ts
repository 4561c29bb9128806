/** Administration spec §9: the connection QR code is drawn at 256 px. */
export const QR_CODE_SIZE = 256;
