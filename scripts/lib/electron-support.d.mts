/** What scripts/lib/electron-support.mjs answers. */
export interface ElectronSupport {
  ok: boolean;
  /** The pinned version's major; null when the pin is no exact stable version. */
  pinnedMajor: number | null;
  /** The newest stable version the dist-tags name; null when they name none. */
  latestStable: string | null;
  /** The supported majors, newest first. */
  supportedMajors: number[];
  /** One paragraph for the console: the verdict and, when it fails, what to do. */
  message: string;
}

/** How many stable majors Electron supports at a time. */
export declare const supportedMajorCount: number;

/** Judges an exact pinned Electron version against the registry's dist-tags of `electron`. */
export declare function judgeElectronSupport(
  pinned: string | undefined,
  distTags: Record<string, string> | undefined,
): ElectronSupport;
