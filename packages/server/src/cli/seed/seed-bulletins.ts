import { isoAgo, isoIn } from '../../clock.js';
import { publish } from '../../services/operator/publish.service.js';
import { OPERATOR } from '../../services/audit/audit.js';
import type { Db } from '../../db/database.js';
import { demoPdf, demoPng } from './demo-files.js';

const DAY = 86_400_000;

/** The demo event: running from yesterday for a month, so the menu shows it with its '!' badge. */
export const DEMO_EVENT = 'winter-festival';

/**
 * The demo store's platform news (issue 11): three news items in English, Español and 简体中文, a
 * running event with two items, a poster (a real PNG) and a regulation (a real PDF), all published
 * through the same service as the operator's CLI.
 */
export async function seedDemoBulletins(db: Db, kiosk: number): Promise<void> {
  const stores = [kiosk];
  const deps = { handle: { db } };
  await publish(deps, OPERATOR, {
    kind: 'news',
    stores: 'all',
    publishAt: isoAgo(20 * DAY),
    texts: [
      { lang: 'en', title: 'Welcome to platform news', body: '## What you will find here\n\n- News from your operator\n- **Event news** with the current promotions\n- Posters to print and the house regulations\n\nQuestions? Write to [support](https://example.com/support).' },
      { lang: 'mx', title: 'Bienvenido a las noticias de la plataforma', body: '## Lo que encontrará aquí\n\n- Noticias de su operador\n- **Noticias de eventos** con las promociones actuales\n- Carteles para imprimir y el reglamento de la casa\n\n¿Preguntas? Escriba a [soporte](https://example.com/support).' },
      { lang: 'zh_Hans', title: '欢迎使用平台新闻', body: '## 这里有什么\n\n- 运营商的新闻\n- 当前促销的**活动新闻**\n- 可打印的海报和店内规章\n\n有问题？请联系[客服](https://example.com/support)。' },
    ],
  });
  await publish(deps, OPERATOR, {
    kind: 'news',
    stores,
    publishAt: isoAgo(2 * DAY),
    texts: [
      { lang: 'en', title: 'New game titles this month', body: '### Three new fish games\n\n1. Ocean King Deluxe\n2. Dragon Pearl\n3. Golden Reef\n\nThey are on every machine after tonight\'s update.' },
      { lang: 'mx', title: 'Nuevos juegos este mes', body: '### Tres nuevos juegos de peces\n\n1. Ocean King Deluxe\n2. Dragon Pearl\n3. Golden Reef\n\nEstarán en todas las máquinas después de la actualización de esta noche.' },
      { lang: 'zh_Hans', title: '本月新游戏', body: '### 三款新捕鱼游戏\n\n1. Ocean King Deluxe\n2. Dragon Pearl\n3. Golden Reef\n\n今晚更新后所有机台均可游玩。' },
    ],
  });
  await publish(deps, OPERATOR, {
    kind: 'news',
    stores,
    publishAt: isoAgo(DAY / 2),
    texts: [
      { lang: 'en', title: 'Holiday opening hours', body: 'The support line is open **9:00-21:00** every day during the holidays.' },
      { lang: 'mx', title: 'Horario de días festivos', body: 'La línea de soporte abre de **9:00 a 21:00** todos los días durante las fiestas.' },
      { lang: 'zh_Hans', title: '节假日营业时间', body: '节假日期间客服热线每天 **9:00-21:00** 开放。' },
    ],
  });
  const event = {
    name: DEMO_EVENT,
    startsAt: isoAgo(DAY),
    endsAt: isoIn(30 * DAY),
    titles: { en: 'Winter Festival', mx: 'Festival de invierno', zh_Hans: '冬季嘉年华' },
  };
  await publish(deps, OPERATOR, {
    kind: 'event',
    stores,
    event,
    publishAt: isoAgo(DAY),
    texts: [
      { lang: 'en', title: 'Winter Festival starts today', body: 'Double entries on every purchase over **$20** until the end of the month.' },
      { lang: 'mx', title: 'Hoy empieza el Festival de invierno', body: 'Entradas dobles en cada compra de más de **$20** hasta fin de mes.' },
      { lang: 'zh_Hans', title: '冬季嘉年华今天开始', body: '本月底前，每笔超过 **$20** 的购买可获双倍积分。' },
    ],
  });
  await publish(deps, OPERATOR, {
    kind: 'event',
    stores,
    event: { name: DEMO_EVENT },
    publishAt: isoAgo(DAY / 4),
    texts: [
      { lang: 'en', title: 'Festival jackpot night', body: 'Friday night: a bonus jackpot on all fish games from 20:00.' },
      { lang: 'mx', title: 'Noche de jackpot del festival', body: 'El viernes por la noche: jackpot extra en todos los juegos de peces desde las 20:00.' },
      { lang: 'zh_Hans', title: '嘉年华大奖之夜', body: '周五晚 20:00 起，所有捕鱼游戏加开奖金大奖。' },
    ],
  });
  await publish(deps, OPERATOR, {
    kind: 'poster',
    stores,
    publishAt: isoAgo(DAY),
    texts: [
      { lang: 'en', title: 'Winter Festival poster' },
      { lang: 'mx', title: 'Cartel del Festival de invierno' },
      { lang: 'zh_Hans', title: '冬季嘉年华海报' },
    ],
    documents: [{ lang: null, name: 'winter-festival.png', bytes: demoPng(240, 160, [[0, 122, 122], [255, 255, 255], [230, 90, 40]]) }],
  });
  await publish(deps, OPERATOR, {
    kind: 'regulation',
    stores,
    publishAt: isoAgo(30 * DAY),
    texts: [
      { lang: 'en', title: 'House rules', body: 'Players must be 18 or older. One account per person. See the attached document.' },
      { lang: 'mx', title: 'Reglamento de la casa', body: 'Los jugadores deben tener 18 años o más. Una cuenta por persona. Vea el documento adjunto.' },
      { lang: 'zh_Hans', title: '店内规章', body: '玩家须年满 18 岁。每人限一个账户。详见附件。' },
    ],
    documents: [{ lang: null, name: 'house-rules.pdf', bytes: demoPdf('House rules', ['1. Players must be 18 or older.', '2. One account per person.', '3. Winnings are paid at the counter.']) }],
  });
}
