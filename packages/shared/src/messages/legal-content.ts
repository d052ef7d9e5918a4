/** The shape of the long-form legal and about pages, shared by their texts. */

/**
 * One block of text: a string is a paragraph, an array of strings is a bullet list,
 * an object is a paragraph holding one link (`to` is an in-app path starting with "/" or an external URL).
 */
export type LegalBlock = string | readonly string[] | { before: string; link: string; to: string; after?: string };

/** A titled section with an anchor id. */
export type LegalSection = { id: string; title: string; body: readonly LegalBlock[] };

/** A titled part of a page (h2) made of sub-sections (h3). */
export type LegalPart = { id: string; title: string; intro: readonly LegalBlock[]; sections: readonly LegalSection[] };

export type TermsContent = {
  title: string;
  updatedAt: string;
  tocLabel: string;
  cgu: { id: 'cgu'; label: string; preamble: readonly LegalBlock[]; articles: readonly LegalSection[] };
  parts: readonly LegalPart[];
};

export type LegalPageContent = {
  title: string;
  updatedAt: string;
  intro: readonly LegalBlock[];
  sections: readonly LegalSection[];
};
