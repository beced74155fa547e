import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { lineDefects } from '../erp/defects';
import { buildMasterData, masterDataKinds } from '../erp/master-data';
import { buildRegister, registerKinds } from '../erp/registers';
import { encodeTable, erpFormats, type ErpFormat, type Table } from '../erp/table';
import { companyByCode } from '../store/platform';

const company = Type.Optional(Type.String({ minLength: 1, maxLength: 32 }));
const RegisterQuery = Type.Object({ kind: Type.Enum(registerKinds), format: Type.Enum(erpFormats), company });
const RegisterKeyQuery = Type.Object({ kind: Type.Enum(registerKinds), company });
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
 * - `GET /_sandbox/erp/registers?kind&format[&company]`: the register file of invoices, payments,
 *   returns or orders, as an attachment `<kind>.csv` or `<kind>.xlsx`;
 * - `GET /_sandbox/erp/registers/key?kind[&company]`: which line of that file is which document and
 *   what is wrong with it, and which documents it lacks;
 * - `GET /_sandbox/erp/master-data?kind&format[&company]`: an export of one kind of master data.
 *
 * `company` defaults to `DEMO`; an unknown kind or format is 400 `INVALID_REQUEST`, an unknown company
 * 404 `NOT_FOUND`.
 */
export async function erpAdminRoutes(app: SandboxApp): Promise<void> {
  const { db } = app.sandbox;
  const companyId = (code: string | undefined): string => companyByCode(db, code ?? 'DEMO').id;

  async function sendFile(reply: FastifyReply, name: string, table: Table, format: ErpFormat) {
    const file = await encodeTable(table, format);
    return reply
      .header('Content-Disposition', `attachment; filename="${name}.${file.extension}"`)
      .type(file.contentType)
      .send(file.bytes);
  }

  app.get('/erp/registers', { schema: { querystring: RegisterQuery } }, async (request, reply) => {
    const { kind, format } = request.query;
    return sendFile(reply, kind, buildRegister(db, companyId(request.query.company), kind).table, format);
  });

  app.get(
    '/erp/registers/key',
    { schema: { querystring: RegisterKeyQuery, response: { 200: RegisterKeySchema } } },
    async (request) => buildRegister(db, companyId(request.query.company), request.query.kind).key,
  );

  app.get('/erp/master-data', { schema: { querystring: MasterDataQuery } }, async (request, reply) => {
    const { kind, format } = request.query;
    return sendFile(reply, kind, buildMasterData(db, companyId(request.query.company), kind), format);
  });
}
