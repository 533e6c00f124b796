import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountingQuerySchema,
  AccountingSchema,
  AdminOrderMoneySchema,
  ReconciliationSchema,
} from '#shared/ledger.schemas.ts';
import { OrderIdParamsSchema } from '#shared/orders.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findOrderById } from '#server/modules/orders/index.ts';
import { ReportingQuerySchema, ReportingSchema } from '#shared/reporting.schemas.ts';
import {
  accountingCsv,
  getAccounting,
  getOrderMoney,
  getReporting,
  reconcile,
  reportingCsv,
} from '#server/views/accounting/index.ts';

/** The admin's money screens: reconciliation, accounting (and its CSV), and an order's money. */
export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { config: { auth: 'admin' as const } };

  app.get(
    '/api/admin/ledger/reconciliation',
    { ...admin, schema: { response: { 200: ReconciliationSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return reconcile(app);
    },
  );

  app.get(
    '/api/admin/accounting',
    { ...admin, schema: { querystring: AccountingQuerySchema, response: { 200: AccountingSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getAccounting(app, request.query);
    },
  );

  app.get(
    '/api/admin/accounting.csv',
    { ...admin, schema: { querystring: AccountingQuerySchema } },
    async (request, reply) => {
      const accounting = await getAccounting(app, request.query);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="artchip-accounting-${accounting.from}-to-${accounting.to}.csv"`,
        )
        .send(accountingCsv(accounting));
    },
  );

  // Decision 077: each seller's sales in a calendar year against the 1099-K and DAC7 thresholds.
  app.get(
    '/api/admin/accounting/reporting',
    { ...admin, schema: { querystring: ReportingQuerySchema, response: { 200: ReportingSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getReporting(app, request.query);
    },
  );

  app.get(
    '/api/admin/accounting/reporting.csv',
    { ...admin, schema: { querystring: ReportingQuerySchema } },
    async (request, reply) => {
      const reporting = await getReporting(app, request.query);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="artchip-reporting-${reporting.year}.csv"`)
        .send(reportingCsv(reporting));
    },
  );

  app.get(
    '/api/admin/orders/:id/money',
    { ...admin, schema: { params: OrderIdParamsSchema, response: { 200: AdminOrderMoneySchema } } },
    async (request, reply) => {
      if (!(await findOrderById(app.db, request.params.id)))
        throw new AppError('NOT_FOUND', 'Order not found');
      void reply.header('cache-control', 'no-store');
      return getOrderMoney(app, request.params.id);
    },
  );
};
