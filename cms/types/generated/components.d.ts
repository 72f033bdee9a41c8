import type { Schema, Struct } from '@strapi/strapi';

export interface BookingParticipant extends Struct.ComponentSchema {
  collectionName: 'components_booking_participants';
  info: {
    description: '\u8EAB\u4EFD\u8BC1\u53F7\u53EA\u4FDD\u5B58\u8131\u654F\u540E\u7684\u5F62\u5F0F';
    displayName: '\u53C2\u4E0E\u4EBA';
    icon: 'user';
  };
  attributes: {
    idcardMasked: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 18;
      }>;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 30;
      }>;
    phone: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 11;
      }>;
  };
}

export interface CultureListing extends Struct.ComponentSchema {
  collectionName: 'components_culture_listings';
  info: {
    description: '\u56FD\u5BB6\u7EA7\u540D\u5F55\u7684\u7ED3\u6784\u5316\u4E8B\u5B9E\uFF1A\u7F16\u53F7\u3001\u6279\u6B21\u3001\u7533\u62A5\u5730\u533A\u4E0E\u51FA\u5904';
    displayName: '\u540D\u5F55\u4FE1\u606F';
    icon: 'bulletList';
  };
  attributes: {
    batch: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 10;
      }>;
    batchYear: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 2100;
          min: 2006;
        },
        number
      >;
    entryKind: Schema.Attribute.Enumeration<['new', 'extension']> & Schema.Attribute.DefaultTo<'new'>;
    region: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 120;
      }>;
    serial: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 20;
      }>;
    source: Schema.Attribute.Text;
    unesco: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 200;
      }>;
  };
}

export interface OrderLine extends Struct.ComponentSchema {
  collectionName: 'components_order_lines';
  info: {
    description: '\u4E0B\u5355\u65F6\u7684\u5546\u54C1\u5FEB\u7167\uFF08\u4EF7\u683C\u53D6\u81EA\u5546\u54C1\u76EE\u5F55\uFF09';
    displayName: '\u8BA2\u5355\u660E\u7EC6';
    icon: 'shoppingCart';
  };
  attributes: {
    price: Schema.Attribute.Decimal & Schema.Attribute.Required;
    productImage: Schema.Attribute.String;
    productName: Schema.Attribute.String & Schema.Attribute.Required;
    productPid: Schema.Attribute.Integer & Schema.Attribute.Required;
    quantity: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    totalAmount: Schema.Attribute.Decimal & Schema.Attribute.Required;
  };
}

export interface SharedTag extends Struct.ComponentSchema {
  collectionName: 'components_shared_tags';
  info: {
    description: '\u68C0\u7D22\u7528\u7684\u77ED\u6807\u7B7E';
    displayName: '\u6807\u7B7E';
    icon: 'hashtag';
  };
  attributes: {
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 30;
      }>;
  };
}

export interface UserAddress extends Struct.ComponentSchema {
  collectionName: 'components_user_addresses';
  info: {
    displayName: '\u6536\u8D27\u5730\u5740';
    icon: 'pinMap';
  };
  attributes: {
    city: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 30;
      }>;
    detail: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 200;
      }>;
    district: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 30;
      }>;
    province: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 30;
      }>;
  };
}

export interface WorkshopHighlight extends Struct.ComponentSchema {
  collectionName: 'components_workshop_highlights';
  info: {
    displayName: '\u6D3B\u52A8\u4EAE\u70B9';
    icon: 'star';
  };
  attributes: {
    text: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 60;
      }>;
  };
}

declare module '@strapi/strapi' {
  export namespace Public {
    export interface ComponentSchemas {
      'booking.participant': BookingParticipant;
      'culture.listing': CultureListing;
      'order.line': OrderLine;
      'shared.tag': SharedTag;
      'user.address': UserAddress;
      'workshop.highlight': WorkshopHighlight;
    }
  }
}
