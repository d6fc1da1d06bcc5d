/** What reads QR codes from camera frames, whichever reader it is (qr-detector.ts chooses one). */
export interface QrReader {
  /** The codes in the frame the video shows now (none while it has no frame). */
  detect(source: HTMLVideoElement): Promise<ReadonlyArray<{ rawValue: string }>>;
}
