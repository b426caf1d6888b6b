/**
 * Copy of the public marketing pages. Every figure comes from the areas' constants files; this module
 * only words them. Isomorphic (no server code), so pages and tests read the same text.
 */
import {
  ArrowLeftRight,
  Award,
  Banknote,
  CalendarCheck,
  ChartLine,
  Coins,
  CreditCard,
  Gamepad2,
  Gift,
  HandCoins,
  Headphones,
  Heart,
  Lock,
  Megaphone,
  MessageCircle,
  PackageCheck,
  Percent,
  Rocket,
  Scale,
  Search,
  Send,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  TrendingUp,
  Trophy,
  UserPlus,
  Users,
  Wallet,
  Zap,
} from "~/components/ui/icons";
import type { FaqItem } from "~/components/content/faq-accordion";
import type { Feature } from "~/components/content/feature-grid";
import type { Stat } from "~/components/content/stats-row";
import type { Step } from "~/components/content/step-list";
import type { Testimonial } from "~/components/content/testimonial-card";
import { TIMELINE_YEARS } from "~/components/content/content-constants";
import { COMPANY } from "~/lib/company";
import { LEVELS, POINTS_PER_SEK, POINTS_VALUE, XP_PER_SEK } from "~/modules/loyalty/loyalty-constants";
import { MARKETING } from "~/modules/marketing/marketing-constants";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { BULK_BONUS_CLAIM, CLAIMS, listPaymentMethods, PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { formatClaim, formatPaidOut, type SiteFigures } from "~/modules/marketing/site-figures";
import { SHOP_CATEGORY_LABELS } from "~/modules/shop/shop-constants";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { PAYOUT_AFTER_PROTECTION } from "~/modules/trades/trades-constants";
import { formatNumber } from "~/lib/format";

const manualReview = `${formatNumber(MARKETING.manualReviewAboveSek)} kr`;
const conditions = MARKETING.skinConditions.join(", ");
const otherGames = CLAIMS.otherGames.join(", ");
const buyerPayments = listPaymentMethods();
const chatReply = `${SUPPORT_HOURS.chatReplySeconds} sekunder`;

// ---------------------------------------------------------------------------
// Shared building blocks
// ---------------------------------------------------------------------------

/**
 * The company's headline figures, used by the home page and the about page: the computed ones
 * that reach their minimum (docs/decisions/055-site-figures.md), then the founding year.
 */
export function keyStats(figures: SiteFigures, options: { members?: boolean } = {}): Stat[] {
  const stats: Array<Stat | null> = [
    options.members && figures.members !== null ? { icon: Users, value: formatClaim(figures.members), label: "Medlemmar" } : null,
    figures.trades === null ? null : { icon: ArrowLeftRight, value: formatClaim(figures.trades), label: "Genomförda affärer" },
    figures.paidOutSek === null ? null : { icon: Banknote, value: formatPaidOut(figures.paidOutSek), label: "Utbetalt till säljare" },
    figures.tradesPerDay === null ? null : { icon: TrendingUp, value: formatClaim(figures.tradesPerDay), label: "Affärer per dag" },
    { icon: CalendarCheck, value: String(COMPANY.foundedYear), label: `Grundat i ${COMPANY.city}` },
  ];
  return stats.filter((stat) => stat !== null);
}

/** Where a whole inventory is valued at once (docs/rules/selling.md). */
const VALUATION_LINK = { to: "/salja/vardering", label: "Värdera ditt inventarie" } as const;

export const SELL_STEPS: readonly Step[] = [
  {
    icon: MessageCircle,
    title: "Berätta vad du vill sälja",
    text: "Ange din Steam-profil så värderas hela ditt inventarie direkt, utan konto, med referenspris och vårt pris för varje föremål. Du kan också skriva till oss i livechatten.",
    link: VALUATION_LINK,
  },
  {
    icon: Send,
    title: "Skicka trade-erbjudandet",
    text: "Godkänn bytet i Steam med Steam Guard aktiverat. Du ser exakt vilka skins som lämnar ditt inventarie innan du bekräftar.",
  },
  {
    icon: Wallet,
    title: "Få betalt i kronor",
    text: `Pengarna kommer ${PAYOUT_AFTER_PROTECTION} – via Swish ${PAYOUT_CLAIMS.swish}, via bank ${PAYOUT_CLAIMS.bank} eller i krypto ${PAYOUT_CLAIMS.crypto}. Utan avgifter.`,
  },
];

export const BUY_STEPS: readonly Step[] = [
  {
    icon: Search,
    title: "Säg vilken skin du söker",
    text: `Öppna livechatten (${SUPPORT_HOURS.label}) och berätta vilket vapen, vilket skick och vilken budget du har.`,
  },
  {
    icon: CreditCard,
    title: "Betala som du vill",
    text: `Vi kommer överens om priset och du betalar med ${buyerPayments}.`,
  },
  {
    icon: PackageCheck,
    title: "Ta emot dina skins",
    text: `Vi skickar ett trade-erbjudande i Steam så snart din handläggare har sett betalningen. Steam Guard behöver vara aktiverat för att du ska kunna ta emot det.`,
  },
];

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Alexander Nyström",
    detail: "Sålde sin AWP · Malmö",
    rating: 5,
    text: "Fick ett bud som låg över vad jag sett på andra sajter och pengarna kom på Swish innan jag hunnit stänga Steam. Enklaste affären jag gjort.",
  },
  {
    name: "Emma Karlsson",
    detail: "Köpte handskar · Uppsala",
    rating: 5,
    text: "Jag var nervös inför mitt första köp men supporten svarade direkt och förklarade varje steg. Handskarna kom samma kväll.",
  },
  {
    name: "Mohammed Al-Hassan",
    detail: "Säljer varje månad · Stockholm",
    rating: 5,
    text: "Har sålt ett trettiotal gånger nu. Poängen och VIP-bonusen gör att det alltid lönar sig att komma tillbaka hit.",
  },
];

// ---------------------------------------------------------------------------
// Home
// ---------------------------------------------------------------------------
export const HOME_BENEFITS: readonly Feature[] = [
  {
    icon: Zap,
    title: "Utbetalning på utsatt dag",
    text: `Swish ${PAYOUT_CLAIMS.swish}, bank ${PAYOUT_CLAIMS.bank} och krypto ${PAYOUT_CLAIMS.crypto} – ${PAYOUT_AFTER_PROTECTION}.`,
  },
  {
    icon: Percent,
    title: "Inga avgifter",
    text: `${CLAIMS.fees}. ${CLAIMS.rates}.`,
  },
  {
    icon: ChartLine,
    title: "Priser från marknaden",
    text: `Våra bud bygger på aktuell marknadsdata, och säljer du för mer på en gång får du bulkbonus: ${BULK_BONUS_CLAIM}.`,
  },
  {
    icon: ShieldCheck,
    title: "Trygga affärer",
    text: `Allt sker via Steams egna trade-system. Affärer över ${manualReview} granskas manuellt innan de genomförs.`,
  },
  {
    icon: Headphones,
    title: "Svensk support",
    text: `Vi finns i livechatten ${SUPPORT_HOURS.label} och svarar oftast inom ${chatReply}.`,
  },
  {
    icon: Gift,
    title: "Poäng och VIP-nivåer",
    text: `Varje affär ger poäng och XP. Klättra genom ${LEVELS.length} VIP-nivåer och få upp till +${LEVELS.at(-1)?.saleBonusPercent}% extra på dina försäljningar.`,
  },
];

// ---------------------------------------------------------------------------
// /salja-skins
// ---------------------------------------------------------------------------
export const SELL_BENEFITS: readonly Feature[] = [
  {
    icon: Zap,
    title: "Betalt till Swish, bank eller krypto",
    text: `Utbetalningen kommer ${PAYOUT_CLAIMS.swish} ${PAYOUT_AFTER_PROTECTION}.`,
  },
  {
    icon: Percent,
    title: "Inga avgifter",
    text: `${CLAIMS.fees}.`,
  },
  {
    icon: ChartLine,
    title: "Priser du kan följa",
    text: `${CLAIMS.rates}: referenspriset med källa och datum, vår kurs och vårt pris för varje föremål.`,
  },
  {
    icon: Coins,
    title: "Bulkbonus på stora försäljningar",
    text: `Ju mer du säljer på en gång, desto mer extra: ${BULK_BONUS_CLAIM}. Hela inventariet värderas direkt, utan konto.`,
    link: VALUATION_LINK,
  },
  {
    icon: Lock,
    title: "Säkert från start till mål",
    text: `Allt sker via Steams egna trade-system, och affärer över ${manualReview} kontrolleras manuellt för din trygghet.`,
  },
  {
    icon: Trophy,
    title: "Poäng på varje försäljning",
    text: `Du får ${POINTS_PER_SEK.sale} poäng och ${XP_PER_SEK.sale} XP per krona du säljer för – poäng som kan växlas mot belöningar i Point Shop.`,
  },
];

export const SELL_FAQ: readonly FaqItem[] = [
  {
    id: "hur-snabbt",
    question: "Hur snabbt får jag betalt?",
    answer: `Utbetalningen startar ${PAYOUT_AFTER_PROTECTION}. Med Swish kommer pengarna ${PAYOUT_CLAIMS.swish}, med banköverföring ${PAYOUT_CLAIMS.bank} och i krypto ${PAYOUT_CLAIMS.crypto}.`,
  },
  {
    id: "avgifter",
    question: "Tar ni någon avgift?",
    answer: `Nej. ${CLAIMS.fees}. ${CLAIMS.rates}.`,
  },
  {
    id: "vilka-skins",
    question: "Vilka skins köper ni?",
    answer: `Vi köper CS2-skins i alla skick: ${conditions}. Vapen, knivar, handskar och stickers går bra. Föremål från ${otherGames} värderar vi bara via chatt.`,
  },
  {
    id: "pris",
    question: "Hur räknar ni fram priset?",
    answer: `Budet bygger på aktuell marknadsdata för just din skin: skick, float, stickers och efterfrågan. Säljer du för mer på en gång får du bulkbonus på försäljningens belopp: ${BULK_BONUS_CLAIM}.`,
  },
  {
    id: "sakerhet",
    question: "Är det säkert att sälja till er?",
    answer: `Ja. Bytet sker i Steams eget trade-system med Steam Guard, så du ser precis vad som skickas. Affärer över ${manualReview} granskas manuellt, och vi är ett svenskt aktiebolag i ${COMPANY.city}.`,
  },
];

// ---------------------------------------------------------------------------
// /kop-skins
// ---------------------------------------------------------------------------
export const BUY_TRUST: readonly Feature[] = [
  {
    icon: CreditCard,
    title: "Betala som du vill",
    text: `${buyerPayments} – välj det som passar dig bäst.`,
  },
  {
    icon: PackageCheck,
    title: "Leverans i Steam",
    text: "När betalningen är klar skickar vi ett trade-erbjudande direkt till ditt Steam-konto.",
  },
  {
    icon: ShieldCheck,
    title: "Svenskt och tryggt",
    text: `Ett svenskt aktiebolag i ${COMPANY.city} med support på svenska ${SUPPORT_HOURS.label}.`,
  },
];

export const BUY_TESTIMONIAL: Testimonial = {
  name: "Wilma Ek",
  detail: "Köpte en kniv via chatten · Helsingborg",
  rating: 5,
  text: "Jag beskrev vilken kniv jag letade efter och fick tre förslag inom några minuter. Betalade med Swish och den låg i mitt inventarie en halvtimme senare.",
};

export const BUY_FAQ: readonly FaqItem[] = [
  {
    id: "nar-butik",
    question: "När kan jag köpa direkt på sajten?",
    answer:
      "Vi bygger just nu en butik där du kan köpa skins direkt. Lämna din e-postadress på sidan så meddelar vi dig så fort den öppnar.",
  },
  {
    id: "kopa-nu",
    question: "Hur köper jag skins just nu?",
    answer: `Via vår livechatt ${SUPPORT_HOURS.label}. Berätta vad du söker, så föreslår vi skins och ett pris. Vi svarar oftast inom ${chatReply}.`,
  },
  {
    id: "betalning",
    question: "Hur kan jag betala?",
    answer: `Du kan betala med ${buyerPayments}.`,
  },
  {
    id: "leverans",
    question: "Hur snabbt får jag mina skins?",
    answer: "Så snart din handläggare i chatten har sett betalningen skickar vi ett trade-erbjudande i Steam. Köp direkt på sajten, med leverans av våra botar, är på väg.",
  },
  {
    id: "steam-guard",
    question: "Behöver jag Steam Guard?",
    answer:
      "Ja. Steam kräver att Steam Guard är aktiverat för att du ska kunna ta emot trade-erbjudanden utan spärrtid. Aktivera det i Steam-appen innan du köper.",
  },
];

// ---------------------------------------------------------------------------
// /om-oss
// ---------------------------------------------------------------------------
const [foundedYear, year2, year3, year4] = TIMELINE_YEARS;

/** The about page's timeline; its last entry names the computed member figure, or none below its minimum. */
export function timeline(figures: SiteFigures): ReadonlyArray<{ year: number; title: string; text: string }> {
  return [
    {
      year: foundedYear,
      title: `${COMPANY.city} – där allt började`,
      text: `${COMPANY.foundedYear} startade vi ett aktiebolag med ett enkelt mål: att svenska spelare ska kunna sälja skins snabbt, tryggt och på svenska.`,
    },
    {
      year: year2,
      title: "Swish, bank och krypto",
      text: "Vi byggde ut utbetalningarna så att varje säljare själv kan välja hur pengarna ska komma – från Swish på minuter till krypto.",
    },
    {
      year: year3,
      title: "Lojalitet som lönar sig",
      text: `Poäng, XP och ${LEVELS.length} VIP-nivåer lanserades, så att den som handlar ofta också får mer tillbaka.`,
    },
    figures.members === null
      ? {
          year: year4,
          title: "Värdering direkt på sajten",
          text: "I dag värderar vi hela ditt inventarie direkt på sajten, utan konto, med referenspris och vårt pris för varje föremål.",
        }
      : {
          year: year4,
          title: `${formatClaim(figures.members)} medlemmar`,
          text: `I dag har ${formatClaim(figures.members)} medlemmar ett konto hos oss och kan sälja, samla poäng och klättra i VIP-nivåerna.`,
        },
  ];
}

export const MISSION = {
  mission:
    "Att göra det lika enkelt att sälja en skin som att skicka en Swish – med ärliga priser, snabba utbetalningar och en människa att prata med när du behöver det.",
  vision:
    "Att vara den självklara platsen i Norden för alla som handlar med skins, där tryggheten aldrig är en fråga om tur.",
} as const;

export const VALUES: readonly Feature[] = [
  { icon: Scale, title: "Ärlighet", text: "Vi visar hur vi räknar och står för våra bud. Inga överraskningar i efterhand." },
  { icon: Zap, title: "Snabbhet", text: "Din tid är värdefull. Därför är våra processer byggda för minuter, inte dagar." },
  { icon: ShieldCheck, title: "Trygghet", text: "Varje affär följer samma noggranna rutiner, oavsett om den är liten eller stor." },
  { icon: Heart, title: "Gemenskap", text: "Vi är själva spelare och bygger tjänsten tillsammans med vår community." },
];

export const PARTNERSHIPS: readonly Feature[] = [
  {
    icon: Banknote,
    title: "Betalpartners",
    text: `Vi samarbetar med etablerade betaltjänster så att du kan få betalt och betala med ${buyerPayments}.`,
  },
  {
    icon: Megaphone,
    title: "Kreatörer och influencers",
    text: "Svenska streamers och kreatörer delar egna koder som ger deras följare extra poäng.",
  },
  {
    icon: Gamepad2,
    title: "Esport och turneringar",
    text: "Vi stöttar lokala turneringar och lan med priser, så att fler får chansen att tävla.",
  },
];

export const PROMISES: readonly Feature[] = [
  { icon: Percent, title: "Inga avgifter", text: `${CLAIMS.fees}.` },
  { icon: Zap, title: "Utbetalning på utsatt dag", text: `Swish ${PAYOUT_CLAIMS.swish} ${PAYOUT_AFTER_PROTECTION}.` },
  { icon: Headphones, title: "Svar på svenska", text: `Livechatt ${SUPPORT_HOURS.label}, svar på e-post inom ${SUPPORT_HOURS.emailReplyHours} timmar.` },
  { icon: Lock, title: "Säker hantering", text: `Manuell granskning av affärer över ${manualReview} och Steams egna trade-system.` },
  { icon: ChartLine, title: "Ärliga priser", text: "Värdering efter aktuell marknadsdata, aldrig efter dagsform." },
  { icon: Award, title: "Belöningar varje gång", text: "Poäng och XP på varje affär som du kan använda i Point Shop." },
];

export const TEAM: ReadonlyArray<{ name: string; role: string; text: string }> = [
  {
    name: "Johan Lindqvist",
    role: "VD och grundare",
    text: "Har handlat med skins sedan de första fallen öppnades och ansvarar för att Skinhamnen håller vad vi lovar.",
  },
  {
    name: "Sara Bergström",
    role: "Kundansvarig",
    text: "Leder supportteamet och ser till att varje fråga i chatten får ett snabbt och tydligt svar.",
  },
  {
    name: "Elias Forsberg",
    role: "Handels- och prisansvarig",
    text: "Följer marknaden dag för dag och står bakom värderingarna som ger dig ett rättvist bud.",
  },
];

export const COMMUNITY = {
  perks: [
    { icon: Gift, text: "Giveaways varje månad" },
    { icon: Sparkles, text: "Nyheter om marknaden före alla andra" },
    { icon: Users, text: "Tips och diskussioner med andra spelare" },
  ],
} as const;

// ---------------------------------------------------------------------------
// /omdomen
// ---------------------------------------------------------------------------
export const FEATURED_REVIEWS: readonly Testimonial[] = [
  {
    name: "Oskar Lund",
    detail: "Sålde hela sitt inventarie",
    rating: 5,
    text: "Skickade över fyrtio skins på en gång och fick en tydlig värdering på en kvart. Bulkbonusen gjorde att jag fick mer än väntat, och Swishen kom direkt.",
  },
  {
    name: "Hanna Sjöberg",
    detail: "Köpte sin första kniv",
    rating: 5,
    text: "Supporten tog sig tid att förklara skillnaden mellan skicken och hjälpte mig hitta något inom min budget. Kändes tryggt hela vägen.",
  },
  {
    name: "Viktor Åberg",
    detail: "Återkommande säljare",
    rating: 5,
    text: "Jag har testat de flesta tjänster och ingen slår utbetalningstiden här. Att allt sker på svenska är en stor bonus.",
  },
];

export const MORE_REVIEWS: readonly Testimonial[] = [
  {
    name: "Linnea Holm",
    detail: "Sålde stickers",
    rating: 5,
    text: "Trodde inte att någon ville köpa mina gamla stickers, men fick ett schysst bud på minuten.",
  },
  {
    name: "Adam Persson",
    detail: "Betalning via bank",
    rating: 5,
    text: "Valde bankutbetalning och pengarna kom på dagen som utlovat.",
  },
  {
    name: "Noah Engström",
    detail: "VIP Gold",
    rating: 5,
    text: "Extraprocenten på försäljningarna märks verkligen när man säljer ofta. Bra att man ser sin nivå i profilen.",
  },
  {
    name: "Ella Strand",
    detail: "Köpte handskar",
    rating: 5,
    text: "Smidigt att betala med Swish och snabb leverans. Kommer definitivt att handla igen.",
  },
];

// ---------------------------------------------------------------------------
// /point-system
// ---------------------------------------------------------------------------
export const POINT_USES: readonly Feature[] = [
  {
    icon: ShoppingBag,
    title: "Belöningar i Point Shop",
    text: `Växla poäng mot belöningar inom ${Object.values(SHOP_CATEGORY_LABELS)
      .slice(0, -1)
      .map((label) => (label === label.toUpperCase() ? label : label.toLowerCase()))
      .join(", ")} och mycket mer.`,
  },
  {
    icon: HandCoins,
    title: "Värde i kronor",
    text: `${formatNumber(POINTS_VALUE.points)} poäng motsvarar ungefär ${formatNumber(POINTS_VALUE.sek)} kr i värde.`,
  },
  {
    icon: UserPlus,
    title: "Bjud in vänner",
    text: `Du och din vän får ${formatNumber(REFERRAL.referrerReward)} poäng var när vännen registrerar sig med din kod – och ${formatNumber(REFERRAL.milestoneReward)} poäng extra när vännen handlat för ${formatNumber(REFERRAL.milestoneTradedSek)} kr.`,
  },
];

export const POINT_STEPS: readonly Step[] = [
  { icon: UserPlus, title: "Skapa ett konto", text: "Poängen samlas på ditt konto, så logga in innan du gör affärer." },
  { icon: ArrowLeftRight, title: "Sälj eller köp", text: "Varje genomförd affär ger poäng automatiskt – ju större affär, desto fler poäng." },
  { icon: Gift, title: "Välj din belöning", text: "Öppna Point Shop och lös in poängen mot det du vill ha." },
];

// ---------------------------------------------------------------------------
// /xp-system
// ---------------------------------------------------------------------------
export const XP_STEPS: readonly Step[] = [
  {
    icon: ArrowLeftRight,
    title: "Handla",
    text: `Du får ${XP_PER_SEK.sale} XP per krona när du säljer och ${XP_PER_SEK.purchase} XP per krona när du köper.`,
  },
  {
    icon: Rocket,
    title: "Klättra i nivå",
    text: "När din XP når nästa gräns uppgraderas du automatiskt – nivån syns direkt i din profil.",
  },
  {
    icon: Trophy,
    title: "Njut av förmånerna",
    text: "Högre nivå ger extra procent på försäljningar, månatlig bonus-XP och exklusiva giveaways.",
  },
];

export const XP_FAQ: readonly FaqItem[] = [
  {
    id: "xp-vs-poang",
    question: "Vad är skillnaden mellan XP och poäng?",
    answer:
      "XP avgör vilken VIP-nivå du har och förbrukas aldrig. Poäng är en valuta som du spenderar i Point Shop. Båda samlas samtidigt när du handlar.",
  },
  {
    id: "hur-mycket-xp",
    question: "Hur mycket XP får jag?",
    answer: `${XP_PER_SEK.sale} XP per krona när du säljer och ${XP_PER_SEK.purchase} XP per krona när du köper. En försäljning på 1 000 kr ger alltså ${formatNumber(1_000 * XP_PER_SEK.sale)} XP.`,
  },
  {
    id: "tappa-niva",
    question: "Kan jag förlora min nivå?",
    answer: "Nej. XP förbrukas inte, så den nivå du har nått behåller du.",
  },
  {
    id: "manadsbonus",
    question: "Hur fungerar den månatliga bonus-XP:n?",
    answer: `Från Silver och uppåt får du bonus-XP varje månad: ${LEVELS.filter((level) => level.monthlyBonusXP > 0)
      .map((level) => `${level.name} ${formatNumber(level.monthlyBonusXP)} XP`)
      .join(", ")}.`,
  },
  {
    id: "se-niva",
    question: "Var ser jag min nivå och XP?",
    answer: "I din profil ser du nivå, total XP och hur mycket som återstår till nästa nivå.",
  },
];

export const SUCCESS_STORIES: readonly Testimonial[] = [
  {
    name: "Filip Sandberg",
    detail: "Bronze → Gold på ett år",
    rating: 5,
    text: "Jag sålde skins från gamla fall varje månad. Plötsligt var jag Gold och fick +2% på allt – det blev mer än jag trodde.",
  },
  {
    name: "Maja Eklund",
    detail: "Silver på sex veckor",
    rating: 5,
    text: "Bonus-XP:n varje månad gör att man hela tiden närmar sig nästa nivå, även de månader man inte handlar så mycket.",
  },
  {
    name: "Liam Hedlund",
    detail: "Platinum-medlem",
    rating: 5,
    text: "Den personliga kontaktpersonen är guld värd. Jag får förslag på affärer som aldrig syns publikt.",
  },
];

