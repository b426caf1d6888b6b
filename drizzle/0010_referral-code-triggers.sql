-- referral_codes holds every code in use, members' and influencers' alike (its primary key makes
-- a code unique across both). These triggers keep it in step with profiles.referral_code and
-- influencers.referral_code on every write, so a clash is a unique violation (23505) raised by
-- the profile's or the influencer's own INSERT or UPDATE. docs/rules/loyalty.md#referral-codes
CREATE FUNCTION referral_codes_sync_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.referral_code IS NOT DISTINCT FROM NEW.referral_code THEN
      RETURN NEW;
    END IF;
    DELETE FROM referral_codes WHERE user_id = OLD.user_id;
  END IF;
  IF NEW.referral_code IS NOT NULL THEN
    INSERT INTO referral_codes (code, user_id) VALUES (NEW.referral_code, NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION referral_codes_sync_influencer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.referral_code IS NOT DISTINCT FROM NEW.referral_code THEN
      RETURN NEW;
    END IF;
    DELETE FROM referral_codes WHERE influencer_id = OLD.id;
  END IF;
  INSERT INTO referral_codes (code, influencer_id) VALUES (NEW.referral_code, NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_referral_code_sync AFTER INSERT OR UPDATE OF referral_code ON profiles
  FOR EACH ROW EXECUTE FUNCTION referral_codes_sync_profile();
--> statement-breakpoint
CREATE TRIGGER influencers_referral_code_sync AFTER INSERT OR UPDATE OF referral_code ON influencers
  FOR EACH ROW EXECUTE FUNCTION referral_codes_sync_influencer();
--> statement-breakpoint
-- Codes already in use: influencers first, so a member's code that clashed with one before this
-- rule stays on the profile but no longer counts as the member's (it resolves to the influencer).
INSERT INTO referral_codes (code, influencer_id) SELECT referral_code, id FROM influencers ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO referral_codes (code, user_id) SELECT referral_code, user_id FROM profiles WHERE referral_code IS NOT NULL ON CONFLICT DO NOTHING;
