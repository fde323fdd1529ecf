/**
 * What the library module offers the routes and other modules. The rules live in one file per
 * concern: access (a reader's tier and the locks above it), reading, search (and the assistant's
 * retrieval), study-plan (sections to read for a theme), library-file (what an uploaded PDF or
 * Markdown file holds), admin-documents (the staff screen) and content-import (the seed's files).
 */

export { type Reader, readerOf, sectionLocks } from "./access.ts";
export { adminGetDocument, adminListDocuments, replaceDocumentFile, updateDocumentDetails, uploadDocument } from "./admin-documents.ts";
export { importContentDocuments } from "./content-import.ts";
export { parseLibraryFile } from "./library-file.ts";
export { documentUsingFile, getDocument, listDocuments, openDocumentFile, saveReadingPosition } from "./reading.ts";
export { newSearchCache, retrieveForReader, search, snippetParts } from "./search.ts";
export { type SuggestedSection, sectionForReader, sectionsForThemes } from "./study-plan.ts";
