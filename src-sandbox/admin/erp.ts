import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { lineDefects } from '../erp/defects';
import {
  buildLayoutRegister,
  encodeLayoutRegister,
  encodeOwnTable,
  layoutLangs,
  layoutNames,
  registerFormats,
} from '../erp/layouts';
import type { EncodedFile } from '../erp/layouts/encode';
import { buildMasterData, masterDataKinds } from '../erp/master-data';
import { buildRegister, registerKinds } from '../erp/registers';
import { encodeTable, erpFormats, type ErpFormat, type Table } from '../erp/table';
import { companyByCode } from '../store/platform';

const company = Type.Optional(Type.String({ minLength: 1, maxLength: 32 }));
// Real ERP layouts (sandbox contract, Additions; docs/decisions/104-erp-register-layouts.md).
const layout = Type.Optional(Type.Enum(layoutNames));
const lang = Type.Optional(Type.Enum(layoutLangs));
const RegisterQuery = Type.Object({
  kind: Type.Enum(registerKinds),
  format: Type.Enum(registerFormats),
  company,
  layout,
  lang,
});
const RegisterKeyQuery = Type.Object({
  kind: Type.Enum(registerKinds),
  company,
  layout,
  lang,
  // The key of a layout counts the rows of one file: Odoo's sheet has group rows its CSV has not.
  format: Type.Optional(Type.Enum(registerFormats)),
});
const MasterDataQuery = Type.Object({
  kind: Type.Enum(masterDataKinds),
  format: Type.Enum(erpFormats),
  company,
});
const RegisterKeySchema = Type.Object({
  lines: Type.Array(
    Type.Object({
      line: Type.Integer(),
      erp_number: Type.String(),
      document_id: Type.Union([Type.String(), Type.Null()]),
      defect: Type.Enum(lineDefects),
    }),
  ),
  missing: Type.Array(Type.String()),
});

/**
 * What a company's ERP would hold, for trying the desk's Reconcile and Master data screens (sandbox
 * contract, Additions; docs/decisions/027-erp-registers-and-samples.md):
 *
 * - `GET /_sandbox/erp/registers?kind&format[&company][&layout][&lang]`: the register file of
 *   invoices, payments, returns or orders, as an attachment `<kind>.csv`, `.xlsx`, `.xls` or `.txt`;
 *   with `layout`, laid out as that ERP exports it (docs/decisions/104-erp-register-layouts.md);
 * - `GET /_sandbox/erp/registers/key?kind[&company][&layout][&lang][&format]`: which line of that file
 *   is which document and what is wrong with it, and which documents it lacks;
 * - `GET /_sandbox/erp/master-data?kind&format[&company]`: an export of one kind of master data.
 *
 * `company` defaults to `DEMO`; an unknown kind, format or layout, or a kind the layout has no export of,
 * is 400 `INVALID_REQUEST`, an unknown company 404 `NOT_FOUND`.
 */
export async function erpAdminRoutes(app: SandboxApp): Promise<void> {
  const { db } = app.sandbox;
  const companyId = (code: string | undefined): string => companyByCode(db, code ?? 'DEMO').id;

  function sendEncoded(reply: FastifyReply, name: string, file: EncodedFile) {
    return reply
      .header('Content-Disposition', `attachment; filename="${name}.${file.extension}"`)
      .type(file.contentType)
      .send(file.bytes);
  }

  async function sendFile(reply: FastifyReply, name: string, table: Table, format: ErpFormat) {
    return sendEncoded(reply, name, await encodeTable(table, format));
  }

  const isOwnFormat = (format: string): format is ErpFormat =>
    (erpFormats as readonly string[]).includes(format);

  app.get('/erp/registers', { schema: { querystring: RegisterQuery } }, async (request, reply) => {
    const { kind, format, lang = 'en' } = request.query;
    const id = companyId(request.query.company);
    if (request.query.layout === undefined) {
      // Without a layout, the sandbox's own register, as before (docs/decisions/027).
      const { table } = buildRegister(db, id, kind);
      return isOwnFormat(format)
        ? sendFile(reply, kind, table, format)
        : sendEncoded(reply, kind, await encodeOwnTable(table, format, lang));
    }
    const register = buildLayoutRegister(db, id, kind, { layout: request.query.layout, lang, format });
    return sendEncoded(reply, kind, await encodeLayoutRegister(register, format, lang));
  });

  app.get(
    '/erp/registers/key',
    { schema: { querystring: RegisterKeyQuery, response: { 200: RegisterKeySchema } } },
    async (request) => {
      const { kind, lang = 'en', format } = request.query;
      const id = companyId(request.query.company);
      return request.query.layout === undefined
        ? buildRegister(db, id, kind).key
        : buildLayoutRegister(db, id, kind, { layout: request.query.layout, lang, format }).key;
    },
  );

  app.get('/erp/master-data', { schema: { querystring: MasterDataQuery } }, async (request, reply) => {
    const { kind, format } = request.query;
    return sendFile(reply, kind, buildMasterData(db, companyId(request.query.company), kind), format);
  });
}
