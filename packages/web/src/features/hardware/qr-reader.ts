/** The codes a camera looks for: a customer's card (QR) or a driver's licence (PDF417). */
export type CodeFormat = 'qr_code' | 'pdf417';

/** A customer's card: the readers' default. */
export const QR_CODE: readonly CodeFormat[] = ['qr_code'];

/** What reads codes from camera frames, whichever reader it is (qr-detector.ts chooses one). */
export interface QrReader {
  /** The codes in the frame the video shows now (none while it has no frame). */
  detect(source: HTMLVideoElement): Promise<ReadonlyArray<{ rawValue: string }>>;
}
