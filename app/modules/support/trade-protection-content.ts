/**
 * Copy for /trade-protection: Valve's CS2 Trade Protection and what it means for a seller.
 * Numbers come from ~/modules/selling/selling-constants and ~/modules/trades/trades-constants.
 */
import { PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { TRADE_PROTECTION_DAYS } from "~/modules/trades/trades-constants";
import type { FaqEntry } from "./faq-search";

const days = TRADE_PROTECTION_DAYS;

export const TRADE_PROTECTION_FAQ: readonly FaqEntry[] = [
  {
    id: "varfor-vanta",
    question: `Varför måste jag vänta ${days} dagar på pengarna?`,
    answer: `Under Trade Protection kan den som skickat föremålen ångra traden i ${days} dagar. Betalade vi ut direkt skulle vem som helst kunna sälja, ta pengarna och sedan dra tillbaka skinsen. Genom att betala ut när perioden är slut kan vi fortsätta ge bra priser till alla ärliga säljare.`,
  },
  {
    id: "priset",
    question: "Kan priset ändras under de dagar jag väntar?",
    answer: `Nej. Priset vi kom överens om när du skickade föremålen är det du får, även om marknadspriset går upp eller ner under skyddsperioden.`,
  },
  {
    id: "andra-sig",
    question: "Vad händer om jag ångrar mig under skyddsperioden?",
    answer: `Hör av dig till oss i chatten först. Återför du traden i Steam är affären hävd och ingen utbetalning görs. Att sälja och sedan återföra en trade för att behålla både föremål och pengar är bedrägeri, och sådana fall polisanmäls.`,
  },
  {
    id: "utbetalningstid",
    question: "Hur snabbt kommer pengarna när perioden är slut?",
    answer: `Vi startar utbetalningen så snart de ${days} dagarna har gått. Pengarna kommer via Swish ${PAYOUT_CLAIMS.swish}, via banköverföring ${PAYOUT_CLAIMS.bank} och i krypto ${PAYOUT_CLAIMS.crypto}.`,
  },
  {
    id: "kopa",
    question: "Gäller Trade Protection även när jag köper skins av er?",
    answer: `Trade Protection gäller alla CS2-trades på Steam, åt båda hållen. När du köper av oss levererar vi som vanligt; under skyddsperioden kan det dröja upp till ${days} dagar innan du själv kan trada föremålen vidare.`,
  },
  {
    id: "andra-spel",
    question: "Gäller det här även Dota 2, Rust och TF2?",
    answer: `Trade Protection på ${days} dagar gäller CS2. För föremål från andra spel berättar vi i chatten vad som gäller för just din affär innan du skickar något.`,
  },
];
