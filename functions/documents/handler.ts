import { createDomainHandler, reply } from '../lib/http';
import { actorOf, type Actor } from '../lib/actor';
import { companyToday, readCompanySettings } from '../lib/company-settings';
import { checkUpload, newObjectKey, presignDownload, presignUpload } from '../lib/storage';
import { documentsRoutes } from '../../shared/routes/documents';
import type { DocumentScope } from '../../shared/schemas/documents';
import {
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_MESSAGES,
} from '../../shared/schemas/documents-constants';
import { documentPrefix, toDocumentApi, type DocumentItem } from './model';
import { addVersion, createDocument, transition, updateDocument, useTemplate, versionIds } from './writes';
import { requireDocument, requireScope } from './read';
import { documentsOverview, documentWithVersions, listDocuments } from './queries';
import { analyzeDocument } from './analyze';
import { bulkDocuments } from './bulk';

/**
 * The documents Lambda (issue 11): vehicle, customer and company documents, versions, review
 * workflow, validity, analysis and bulk actions. The reminder job lives in ./reminders.ts.
 */
const LIMITS = {
  contentTypes: DOCUMENT_FILE_TYPES,
  maxBytes: DOCUMENT_FILE_MAX_BYTES,
  messages: { type: DOCUMENT_MESSAGES.fileTypeNotAllowed, tooLarge: DOCUMENT_MESSAGES.fileTooLarge },
};

/** The company's calendar day: validity is computed in the company's time zone. */
const todayOf = async (tenantId: string) => companyToday(await readCompanySettings(tenantId, ''));
const answer = async (actor: Actor, doc: DocumentItem) => toDocumentApi(doc, await todayOf(actor.tenantId));

export const handler = createDomainHandler('documents', documentsRoutes, {
  documentUploadUrl: async (ctx) => {
    const actor = actorOf(ctx);
    requireScope(actor, ctx.body.scope as DocumentScope);
    checkUpload(LIMITS, ctx.body);
    const up = await presignUpload(
      newObjectKey(documentPrefix(actor.tenantId), ctx.body.fileName ?? 'document'),
      ctx.body.contentType,
      { size: ctx.body.size },
    );
    return reply.ok(up);
  },
  listDocuments: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.ok(await listDocuments(actor, ctx.query, await todayOf(actor.tenantId)));
  },
  documentsOverview: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.ok(await documentsOverview(actor, ctx.query.scope, await todayOf(actor.tenantId)));
  },
  createDocument: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.created(await answer(actor, await createDocument(actor, ctx.body as never)));
  },
  getDocument: async (ctx) => {
    const actor = actorOf(ctx);
    const doc = await requireDocument(actor, ctx.params.id);
    return reply.ok(await documentWithVersions(actor, doc, await todayOf(actor.tenantId)));
  },
  updateDocument: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.ok(await answer(actor, await updateDocument(actor, ctx.params.id, ctx.body)));
  },
  addDocumentVersion: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.created(await answer(actor, await addVersion(actor, ctx.params.id, ctx.body)));
  },
  submitDocument: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.ok(await answer(actor, await transition(actor, ctx.params.id, 'submit')));
  },
  approveDocument: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.ok(await answer(actor, await transition(actor, ctx.params.id, 'approve')));
  },
  rejectDocument: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.ok(await answer(actor, await transition(actor, ctx.params.id, 'reject', ctx.body.rejectionReason)));
  },
  analyzeDocument: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.ok(await answer(actor, await analyzeDocument(actor, ctx.params.id)));
  },
  useDocumentTemplate: async (ctx) => {
    const actor = actorOf(ctx);
    return reply.created(await answer(actor, await useTemplate(actor, ctx.params.id, ctx.body as never)));
  },
  downloadDocument: async (ctx) => {
    const doc = await requireDocument(actorOf(ctx), ctx.params.id);
    return reply.ok({
      downloadUrl: await presignDownload(doc.fileKey, { fileName: doc.fileName }),
      fileName: doc.fileName,
      fileType: doc.fileType,
      fileSize: doc.fileSize,
    });
  },
  bulkDocuments: async (ctx) => reply.ok(await bulkDocuments(actorOf(ctx), ctx.body)),
  // "Run now" (OWNER/ADMIN, documentsCompany): the caller's company only, through the same claim
  // markers as the daily job, so running twice (or beside the schedule) sends nothing twice.
  runDocumentReminders: async (ctx) => {
    const actor = actorOf(ctx);
    const { runDocumentReminders } = await import('./reminders');
    return reply.ok(
      await runDocumentReminders(new Date(), 100, {
        tenantId: actor.tenantId,
        trigger: 'manual',
        runBy: actor.username,
      }),
    );
  },
  documentReminders: async (ctx) => {
    const actor = actorOf(ctx);
    const doc = await requireDocument(actor, ctx.params.id);
    const { reminderHistory } = await import('./reminders');
    return reply.ok({
      items: await reminderHistory(actor.tenantId, await versionIds(actor.tenantId, doc.rootDocumentId)),
    });
  },
});
