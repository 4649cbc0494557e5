import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
// The worker is a file of our own build (no CDN): Vite emits it under /assets and answers its URL.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js for the presentation viewers (the run page's, decision 044; the kiosk's, decision 078). This module is
 * imported lazily by the viewers only, so the library (and its worker) load only where a topic has a presentation.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/** Opens a PDF from its bytes. */
export function openPdf(data: ArrayBuffer): Promise<PdfDocument> {
  // No WebAssembly decoders: the Content-Security-Policy has no 'wasm-unsafe-eval' (JPEG 2000 stays undrawn).
  return getDocument({ data: new Uint8Array(data), useWasm: false }).promise;
}

/**
 * Draws one page into the canvas at the given CSS width (sharp on high-density screens). Answers the running
 * render task so that the caller can cancel it when the page changes meanwhile.
 */
export async function renderPage(
  pdf: PdfDocument,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): Promise<RenderTask> {
  const page = await pdf.getPage(pageNumber);
  const unscaled = page.getViewport({ scale: 1 });
  const scale = cssWidth / unscaled.width;
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(cssWidth)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  return page.render({ canvas, viewport });
}
