import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateFoundation1795323286959 implements MigrationInterface {
  name = 'CreateFoundation1795323286959';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_logs" ("id" uuid NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" uuid, "action" text NOT NULL, "entity" text NOT NULL, "entity_id" text, "ip" text, "user_agent" text, "before" jsonb, "after" jsonb, CONSTRAINT "PK_1bb179d048bbc581caa3b013439" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_82edbc5f8a1821ff01b8b9c865" ON "audit_logs"  ("entity", "entity_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "branches" ("id" uuid NOT NULL, "name" text NOT NULL, "location" text, "phone_number" text, "second_phone_number" text, "recepit_info" text, "logo" text, "receipt_footer_image" text, "tax_branch_number" text, "tax_number" text, "activity_code" text, "tax_type" character varying(1), "invoice_client_id" text, "invoice_client_secret" text, "receipt_client_id" text, "receipt_client_secret" text, "receipt_pos_serial" text, "receipts_os_version" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7f37d3b42defea97f1df0d19535" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "roles" ("id" uuid NOT NULL, "name" text NOT NULL, "permissions" text array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_648e3f5447f725579d7d4ffdfb7" UNIQUE ("name"), CONSTRAINT "PK_c1433d71a4838793a49dcad46ab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "username" text NOT NULL, "display_name" text NOT NULL, "phone" text, "password_hash" text NOT NULL, "role_id" uuid, "branch_id" uuid, "screens" text array NOT NULL DEFAULT '{}', "is_admin" boolean NOT NULL DEFAULT false, "active" boolean NOT NULL DEFAULT true, "max_discount_percent" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_fe0bb3f6520ee0469504521e71" ON "users"  ("username") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" text NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ip" text, "user_agent" text, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_085d540d9f418cfbdc7bd55bb1" ON "sessions"  ("user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "login_failures" ("id" uuid NOT NULL, "username" text NOT NULL, "ip" text NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8211e8ec810fd7f976b98ce97a0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_57bbfc6003a3b630eb9972fad3" ON "login_failures"  ("username", "ip", "at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "features" ("key" text NOT NULL, "enabled" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_0cc5c687428b94489ce1edc3c5a" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "store_info" ("id" uuid NOT NULL, "phone_number" text, "second_phone_number" text, "address" text, "recepit_info" text, "receipt_footer_image" text, "maintenance_receipt_info" text, "sidebar_items" text array, CONSTRAINT "PK_7ea57858decfc43b19d7734e0df" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "site_settings" ("id" integer NOT NULL, "max_branches" integer NOT NULL DEFAULT '100', "modules" text array NOT NULL DEFAULT '{POS,Einvoice,INSTALLMENTS,Maintenance}', CONSTRAINT "PK_e4290e8371a166d7e066d131f6e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "app_secrets" ("key" text NOT NULL, "value" text NOT NULL, CONSTRAINT "PK_7c4b053cd188389e7dc341a7b14" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "files" ("id" uuid NOT NULL, "content_type" text NOT NULL, "size" integer NOT NULL, "data" bytea NOT NULL, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6c16b9093a142e0e7613b04a3d9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_a2cecd1a3531c0b041e29ba46e1" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_5a58f726a41264c8b3e86d4a1de" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_5a58f726a41264c8b3e86d4a1de"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_a2cecd1a3531c0b041e29ba46e1"`);
    await queryRunner.query(`DROP TABLE "files"`);
    await queryRunner.query(`DROP TABLE "app_secrets"`);
    await queryRunner.query(`DROP TABLE "site_settings"`);
    await queryRunner.query(`DROP TABLE "store_info"`);
    await queryRunner.query(`DROP TABLE "features"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_57bbfc6003a3b630eb9972fad3"`);
    await queryRunner.query(`DROP TABLE "login_failures"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_085d540d9f418cfbdc7bd55bb1"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fe0bb3f6520ee0469504521e71"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "roles"`);
    await queryRunner.query(`DROP TABLE "branches"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_82edbc5f8a1821ff01b8b9c865"`);
    await queryRunner.query(`DROP TABLE "audit_logs"`);
  }
}
