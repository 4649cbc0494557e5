/**
 * The tables of the documents module that other modules may reference (decision 029; read-only, writes go
 * through the module's ports). `stored_files` is the register of the content-addressed file store: a module that
 * keeps a file of its own (a topic's presentation, a question's image — decision 044) references its hash.
 * `document_links` tells a module how many documents hang on its records (checklist cells, decision 061).
 */
export { documentLinks, storedFiles } from './documents.table.ts';
