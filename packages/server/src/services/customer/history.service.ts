import { Status, toUnits } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import type { CustomerLogFilter } from '../../repositories/customer-log.js';
import { storeScope, type StoreScope } from '../../repositories/store-scope.js';
import { logRange } from '../log-range.js';
import { pageOf, type PageQuery } from '../paging.js';

interface HistoryQuery extends PageQuery {
  id: number;
  startTime?: string | number | undefined;
  endTime?: string | number | undefined;
}

/**
 * The customer's log over [startTime, endTime), by default the last 24 hours. 'To' must be after
 * 'from' and the range no wider than the store's limit_day days (39 with limit_day, spec section 8).
 */
async function historyFilter(q: HistoryQuery, scope: StoreScope): Promise<CustomerLogFilter> {
  const store = await scope.store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  const range = logRange(q, store.limit_day);
  if (!(await scope.customers.find(q.id))) refuse(Status.CUSTOMER_ERROR);
  return { customerId: q.id, range };
}

export async function gameHistory(deps: Deps, actor: Actor, q: HistoryQuery) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const f = await historyFilter(q, scope);
  return pageOf(
    q,
    (offset, limit) => scope.rounds.list(f, offset, limit),
    () => scope.rounds.count(f),
    (r) => ({
      round_no: r.round_no,
      serial_no: r.serial_no,
      time: r.at,
      game_name: r.game_name,
      begin_credits: Number(r.begin_credits),
      end_credits: Number(r.end_credits),
      jp_bet: Number(r.jp_bet),
      game_bet: Number(r.game_bet),
      extra_bet: Number(r.extra_bet),
      buy_bonus_cost: Number(r.buy_bonus_cost),
      win: Number(r.win),
    }),
  );
}

export async function giftHistory(deps: Deps, actor: Actor, q: HistoryQuery) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const f = await historyFilter(q, scope);
  return pageOf(
    q,
    (offset, limit) => scope.gifts.list(f, offset, limit),
    () => scope.gifts.count(f),
    (g) => ({
      time: g.at,
      title: g.title,
      award_type: g.award_type,
      award_amount: toUnits(Number(g.award_amount_cents)),
      award_item: g.award_item,
      item_amount: Number(g.item_amount),
      level: Number(g.level),
    }),
  );
}
