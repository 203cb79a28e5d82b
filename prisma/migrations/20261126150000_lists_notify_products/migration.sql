-- A cart's kept lines carry their products (price, stock, units held, archive): any change to a
-- product row sends "*" on the lists channel, and every instance drops every kept cart
-- (lib/server/shop-lists/list-cache.ts). One notification per transaction, however many rows.
CREATE FUNCTION "volt_notify_product_lists_change"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('volt_lists', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Product_lists_change" AFTER UPDATE ON "Product"
  FOR EACH ROW EXECUTE FUNCTION "volt_notify_product_lists_change"();
