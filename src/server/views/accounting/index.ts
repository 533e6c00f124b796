export { accountingCsv, getAccounting, getOrderMoney, reconcile } from './accounting.service.ts';
