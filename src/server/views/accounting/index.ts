export { accountingCsv, getAccounting, getOrderMoney, reconcile } from './accounting.service.ts';
export { getReporting, reportingCsv } from './reporting.service.ts';
