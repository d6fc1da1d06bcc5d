// Store days are the domain's (domain/store-days.ts): the money core's payout rules count them too.
export { addDays, dayRange, daysBetween, storeDayOf, storeDayStart, storeTime, storeTodayStart } from '../../domain/store-days.js';
