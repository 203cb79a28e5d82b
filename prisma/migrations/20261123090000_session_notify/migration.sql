-- Every change that can end or alter a signed-in session tells the store's instances at once:
-- a session row deleted (sign-out, "sign out other browsers"), a user row changed (session
-- version, role, profile) or deleted. Each instance keeps live sessions in memory for a few
-- seconds and drops a user's entries when it hears the user's id on this channel
-- (lib/server/session-cache.ts). PostgreSQL sends the notification when the transaction commits.
CREATE FUNCTION "volt_notify_session_change"() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'User' THEN
    PERFORM pg_notify('volt_session', OLD.id::text);
  ELSE
    PERFORM pg_notify('volt_session', OLD."userId"::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "User_session_change" AFTER UPDATE OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION "volt_notify_session_change"();

CREATE TRIGGER "Session_session_change" AFTER DELETE ON "Session"
  FOR EACH ROW EXECUTE FUNCTION "volt_notify_session_change"();
