-- Every change to a shopper's cart or wishlist tells the store's instances at once: each keeps a
-- shopper's wishlist count and cart lines in memory for a few seconds and drops them when it
-- hears the shopper's id on this channel (lib/server/shop-lists/list-cache.ts). PostgreSQL sends
-- the notification when the transaction commits, once per distinct id in a transaction.
CREATE FUNCTION "volt_notify_lists_change"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('volt_lists', OLD."userId"::text);
  ELSE
    PERFORM pg_notify('volt_lists', NEW."userId"::text);
    IF TG_OP = 'UPDATE' AND OLD."userId" <> NEW."userId" THEN
      PERFORM pg_notify('volt_lists', OLD."userId"::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "CartItem_lists_change" AFTER INSERT OR UPDATE OR DELETE ON "CartItem"
  FOR EACH ROW EXECUTE FUNCTION "volt_notify_lists_change"();

CREATE TRIGGER "WishlistItem_lists_change" AFTER INSERT OR UPDATE OR DELETE ON "WishlistItem"
  FOR EACH ROW EXECUTE FUNCTION "volt_notify_lists_change"();
