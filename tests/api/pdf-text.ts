// The text of a generated PDF as a reader extracts it (unpdf), for the tests that hold an invoice's
// figures to the emails' and the pages'.
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  // The standard fonts print a minus as a hyphen; spaces as the extractor joins runs.
  return text.replace(/\s+/g, ' ');
}
