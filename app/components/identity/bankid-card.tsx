/**
 * "Verifiera med BankID" on /profile (decision 044): the verified name, masked personnummer and
 * time; otherwise the button that opens the dialog — BankID on this device (the launch link) or
 * Mobilt BankID on another device (the QR code the server derives every second) — with BankID's
 * own message for each step, a cancel button and the end of an order handled.
 */
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { renderSVG } from "uqr";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Loader2, MonitorSmartphone, ShieldCheck, Smartphone } from "~/components/ui/icons";
import { formatLongDateTime } from "~/lib/format";
import { BANKID_RFA, bankIdLaunchUrl, type BankIdFlow } from "~/modules/identity/bankid-messages";
import { BANKID_RULES, IDENTITY_MESSAGES } from "~/modules/identity/identity-constants";

export interface VerifiedIdentity {
  name: string;
  maskedPersonnummer: string;
  verifiedAt: string;
}

type Phase =
  | { step: "choose" }
  | { step: "running"; flow: BankIdFlow; orderId: string; autoStartToken: string; message: string; qrData: string | null }
  | { step: "done"; message: string }
  | { step: "failed"; message: string };

interface Answer {
  ok?: boolean;
  status?: "pending" | "failed" | "complete";
  message?: string;
  qrData?: string | null;
  orderId?: string;
  autoStartToken?: string;
}

async function post(path: string, body: unknown): Promise<{ httpOk: boolean; answer: Answer }> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    return { httpOk: response.ok, answer: (await response.json()) as Answer };
  } catch {
    return { httpOk: false, answer: { message: BANKID_RFA.RFA5 } };
  }
}

function QrCode({ data }: { data: string }) {
  return (
    <div
      className="mx-auto size-56 rounded-md bg-white p-2"
      role="img"
      aria-label="QR-kod för Mobilt BankID. Skanna den med BankID-appen."
      data-testid="bankid-qr"
      data-qr={data}
      // The SVG is made here from the server's text; nothing of the member's is in it.
      dangerouslySetInnerHTML={{ __html: renderSVG(data, { border: 1 }) }}
    />
  );
}

export function BankIdCard({ identity }: { identity: VerifiedIdentity | null }) {
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  const revalidator = useRevalidator();
  const running = phase.step === "running" ? phase : null;

  async function start(flow: BankIdFlow) {
    setPhase({ step: "running", flow, orderId: "", autoStartToken: "", message: BANKID_RFA.RFA21, qrData: null });
    const { httpOk, answer } = await post("/api/bankid/start", { purpose: "verify", flow });
    if (!httpOk || !answer.orderId || !answer.autoStartToken) {
      setPhase({ step: "failed", message: answer.message ?? BANKID_RFA.RFA22 });
      return;
    }
    setPhase({
      step: "running",
      flow,
      orderId: answer.orderId,
      autoStartToken: answer.autoStartToken,
      message: flow === "this_device" ? BANKID_RFA.RFA13 : BANKID_RFA.RFA1,
      qrData: null,
    });
  }

  // About once a second: the hint and the QR code of this second; the server asks BankID every 2 s.
  const orderId = running?.orderId || null;
  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stopped) return;
      if (Date.now() - startedAt > BANKID_RULES.orderLifetimeMs) {
        setPhase({ step: "failed", message: BANKID_RFA.RFA8 });
        return;
      }
      const { httpOk, answer } = await post("/api/bankid/status", { purpose: "verify", orderId });
      if (stopped) return;
      if (!httpOk || answer.status === "failed") {
        setPhase({ step: "failed", message: answer.message ?? BANKID_RFA.RFA22 });
        return;
      }
      if (answer.status === "complete") {
        setPhase({ step: "done", message: answer.message ?? IDENTITY_MESSAGES.verified });
        void revalidator.revalidate();
        return;
      }
      setPhase((current) =>
        current.step === "running" && current.orderId === orderId
          ? { ...current, message: answer.message ?? current.message, qrData: answer.qrData ?? null }
          : current,
      );
      timer = setTimeout(() => void tick(), BANKID_RULES.pollIntervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one loop per order
  }, [orderId]);

  async function cancel() {
    const current = running?.orderId || null;
    setPhase({ step: "choose" });
    setOpen(false);
    if (current) await post("/api/bankid/cancel", { purpose: "verify", orderId: current });
  }

  function onOpenChange(next: boolean) {
    if (!next && running) {
      void cancel();
      return;
    }
    setOpen(next);
    if (next) setPhase({ step: "choose" });
  }

  return (
    <Card id="bankid" role="region" aria-labelledby="bankid-rubrik" className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="bankid-rubrik" className="flex items-center gap-2">
            <ShieldCheck className="size-5" aria-hidden="true" />
            {IDENTITY_MESSAGES.title}
          </h2>
        </CardTitle>
        <CardDescription>
          För att sälja till oss behöver du vara verifierad med BankID och ha fyllt 18 år. En person kan ha ett säljkonto.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {identity ? (
          <dl className="grid gap-1 text-sm" data-testid="bankid-identity">
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Namn:</dt>
              <dd className="font-medium">{identity.name}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Personnummer:</dt>
              <dd className="font-medium tabular-nums">{identity.maskedPersonnummer}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Verifierad:</dt>
              <dd>{formatLongDateTime(identity.verifiedAt)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm">Du är inte verifierad ännu.</p>
        )}
        <div>
          <Button type="button" variant={identity ? "outline" : "default"} onClick={() => onOpenChange(true)}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            {identity ? "Verifiera igen med BankID" : IDENTITY_MESSAGES.title}
          </Button>
        </div>
      </CardContent>

      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{IDENTITY_MESSAGES.title}</DialogTitle>
            <DialogDescription>Vill du identifiera dig med BankID på den här enheten eller med ett BankID på en annan enhet?</DialogDescription>
          </DialogHeader>

          {phase.step === "choose" ? (
            <div className="grid gap-2">
              <Button type="button" onClick={() => void start("this_device")}>
                <MonitorSmartphone className="size-4" aria-hidden="true" />
                BankID på den här enheten
              </Button>
              <Button type="button" variant="outline" onClick={() => void start("qr")}>
                <Smartphone className="size-4" aria-hidden="true" />
                Mobilt BankID på annan enhet
              </Button>
            </div>
          ) : null}

          {running ? (
            <div className="grid gap-4">
              {running.flow === "qr" ? (
                running.qrData ? (
                  <QrCode data={running.qrData} />
                ) : (
                  <div className="mx-auto flex size-56 items-center justify-center" aria-hidden="true">
                    <Loader2 className="size-8 animate-spin" />
                  </div>
                )
              ) : running.autoStartToken ? (
                <Button asChild>
                  <a href={bankIdLaunchUrl(running.autoStartToken)} data-testid="bankid-launch">
                    {BANKID_RFA.RFA18}
                  </a>
                </Button>
              ) : null}
              <p className="text-sm" aria-live="polite" role="status" data-testid="bankid-message">
                {running.message}
              </p>
              <Button type="button" variant="outline" onClick={() => void cancel()}>
                Avbryt
              </Button>
            </div>
          ) : null}

          {phase.step === "failed" ? (
            <div className="grid gap-3">
              <FormAlert>
                <span data-testid="bankid-message">{phase.message}</span>
              </FormAlert>
              <Button type="button" onClick={() => setPhase({ step: "choose" })}>
                Försök igen
              </Button>
            </div>
          ) : null}

          {phase.step === "done" ? (
            <div className="grid gap-3">
              <p className="font-medium" role="status" data-testid="bankid-message">
                {phase.message}
              </p>
              <Button type="button" onClick={() => setOpen(false)}>
                Stäng
              </Button>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
