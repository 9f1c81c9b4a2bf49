// Written by scripts/embed-openapi.py from docs/openapi.json; edit that file and run the script.

/// The OpenAPI 3.1 document of the invite API, as `docs/openapi.json` holds it.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Beckon invite API",
            "version": "1.0.0",
            "description": "The invite API of `beckon serve` (docs/serve.md): invites, their state transitions, a sender's list, and the event feed."
          },
          "servers": [
            {
              "url": "/"
            }
          ],
          "security": [
            {
              "bearer": []
            }
          ],
          "paths": {
            "/v1/invites": {
              "post": {
                "summary": "Create an invite",
                "operationId": "createInvite",
                "parameters": [
                  {
                    "name": "Idempotency-Key",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "maxLength": 255,
                      "pattern": "^[!-~]+$"
                    }
                  },
                  {
                    "name": "Accept-Language",
                    "in": "header",
                    "description": "The visitor's languages: the invite's emails and a 429's message are in the one the site's locales match best.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "senderId",
                          "channel"
                        ],
                        "properties": {
                          "senderId": {
                            "$ref": "#/components/schemas/OpaqueID"
                          },
                          "senderFirstName": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1000,
                            "description": "No line breaks, control, bidirectional formatting or plane-16 private-use characters."
                          },
                          "senderGender": {
                            "type": "string",
                            "enum": [
                              "female",
                              "male",
                              "other"
                            ],
                            "description": "The sender's grammatical gender, for languages whose verbs agree with it (Arabic: يدعوك, تدعوك): `{inviterGender}` in the site's strings, an ICU `select`. Without it, or with `other`, strings use their neutral wording. Erased with the sender's data."
                          },
                          "senderEmail": {
                            "type": "string",
                            "minLength": 3,
                            "maxLength": 254,
                            "format": "email",
                            "description": "Where the sender is told about this invite: the site's notices (`notify: expired` when it expires, `notify: joined-digest` each day its invitee accepts), in the language of this request's `Accept-Language`. Stored for those emails only, never returned or logged; erased with the sender's data. Without it, the sender gets no email."
                          },
                          "context": {
                            "$ref": "#/components/schemas/Context"
                          },
                          "contextId": {
                            "$ref": "#/components/schemas/OpaqueID"
                          },
                          "contextTitle": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1000,
                            "description": "No line breaks, control, bidirectional formatting or plane-16 private-use characters."
                          },
                          "channel": {
                            "$ref": "#/components/schemas/Channel"
                          },
                          "recipient": {
                            "type": "string",
                            "description": "An email address, an E.164 phone number or an Instagram username; required for email, sms, whatsapp and instagram, absent for the others."
                          },
                          "inviteeFirstName": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1000,
                            "description": "The invitee's first name, for the share message's and the email's greeting (`{invitee}` in the site's strings, seed 000 R6 \"Hey [First Name]\"). No line breaks, control, bidirectional formatting or plane-16 private-use characters. Erased with the sender's data."
                          },
                          "locale": {
                            "type": "string",
                            "description": "One of the site's locales."
                          },
                          "variant": {
                            "type": "string",
                            "description": "One of the site's share.variants."
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The new invite, with its signed link.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "200": {
                    "description": "The invite an earlier request with the same Idempotency-Key made.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The Idempotency-Key was used with another request; or (with `invites.uniqueRecipient`) the sender has a pending invite to this recipient: `code` is `recipient.pending` and `pendingCode` names it; or the recipient unsubscribed from the site's emails (`transactional: false`): `code` is `recipient.suppressed`, and nothing is stored or sent.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than 64 KB.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Over the sender's limit or within the resend cooldown; see Retry-After.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "schema": {
                          "type": "integer",
                          "minimum": 1
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "The body is not JSON (`Content-Type`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/invites/bulk": {
              "post": {
                "summary": "Create up to 20 invites from one sender",
                "operationId": "createInvites",
                "parameters": [
                  {
                    "name": "Idempotency-Key",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "maxLength": 255,
                      "pattern": "^[!-~]+$"
                    }
                  },
                  {
                    "name": "Accept-Language",
                    "in": "header",
                    "description": "The visitor's languages: the invite's emails and a 429's message are in the one the site's locales match best.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "senderId",
                          "recipients"
                        ],
                        "properties": {
                          "senderId": {
                            "$ref": "#/components/schemas/OpaqueID"
                          },
                          "senderFirstName": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1000,
                            "description": "No line breaks, control, bidirectional formatting or plane-16 private-use characters."
                          },
                          "senderGender": {
                            "type": "string",
                            "enum": [
                              "female",
                              "male",
                              "other"
                            ],
                            "description": "The sender's grammatical gender, for languages whose verbs agree with it (Arabic: يدعوك, تدعوك): `{inviterGender}` in the site's strings, an ICU `select`. Without it, or with `other`, strings use their neutral wording. Erased with the sender's data."
                          },
                          "senderEmail": {
                            "type": "string",
                            "minLength": 3,
                            "maxLength": 254,
                            "format": "email",
                            "description": "Where the sender is told about this invite: the site's notices (`notify: expired` when it expires, `notify: joined-digest` each day its invitee accepts), in the language of this request's `Accept-Language`. Stored for those emails only, never returned or logged; erased with the sender's data. Without it, the sender gets no email."
                          },
                          "context": {
                            "$ref": "#/components/schemas/Context"
                          },
                          "contextId": {
                            "$ref": "#/components/schemas/OpaqueID"
                          },
                          "contextTitle": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1000,
                            "description": "No line breaks, control, bidirectional formatting or plane-16 private-use characters."
                          },
                          "locale": {
                            "type": "string",
                            "description": "One of the site's locales."
                          },
                          "variant": {
                            "type": "string",
                            "description": "One of the site's share.variants."
                          },
                          "recipients": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": 20,
                            "items": {
                              "type": "object",
                              "additionalProperties": false,
                              "required": [
                                "channel"
                              ],
                              "properties": {
                                "channel": {
                                  "$ref": "#/components/schemas/Channel"
                                },
                                "recipient": {
                                  "type": "string",
                                  "description": "An email address, an E.164 phone number or an Instagram username; required for email, sms, whatsapp and instagram, absent for the others."
                                },
                                "inviteeFirstName": {
                                  "type": "string",
                                  "minLength": 1,
                                  "maxLength": 1000,
                                  "description": "The invitee's first name, for the share message's and the email's greeting (`{invitee}` in the site's strings, seed 000 R6 \"Hey [First Name]\"). No line breaks, control, bidirectional formatting or plane-16 private-use characters. Erased with the sender's data."
                                },
                                "locale": {
                                  "type": "string",
                                  "description": "One of the site's locales."
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The invites, in the order of the recipients.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "invites"
                          ],
                          "properties": {
                            "invites": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Invite"
                              }
                            },
                            "softWarning": {
                              "$ref": "#/components/schemas/SoftWarning"
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The Idempotency-Key was used with another request; or (with `invites.uniqueRecipient`) the sender has a pending invite to a recipient: `code` is `recipient.pending`, `pendingCode` names the invite and `field` the recipient (`recipients[2]`); or a recipient unsubscribed from the site's emails (`transactional: false`): `code` is `recipient.suppressed` and `field` names it. Nothing is stored.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than 64 KB.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Over the sender's limit or within the resend cooldown; see Retry-After.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "schema": {
                          "type": "integer",
                          "minimum": 1
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "The body is not JSON (`Content-Type`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/invites/{code}": {
              "get": {
                "summary": "An invite",
                "operationId": "getInvite",
                "parameters": [
                  {
                    "name": "code",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The invite.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No invite has this code.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/invites/{code}/send": {
              "post": {
                "summary": "Mark an invite sent",
                "operationId": "sendInvite",
                "parameters": [
                  {
                    "name": "code",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The invite.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No invite has this code.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The state machine does not allow this, or the Idempotency-Key was used with another request.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/invites/{code}/resend": {
              "post": {
                "summary": "Record a resend (5-minute cooldown)",
                "operationId": "resendInvite",
                "parameters": [
                  {
                    "name": "code",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "Accept-Language",
                    "in": "header",
                    "description": "The visitor's languages: the invite's emails and a 429's message are in the one the site's locales match best.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The invite.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No invite has this code.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The state machine does not allow this, or the Idempotency-Key was used with another request.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Over the sender's limit or within the resend cooldown; see Retry-After.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    },
                    "headers": {
                      "Retry-After": {
                        "schema": {
                          "type": "integer",
                          "minimum": 1
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/invites/{code}/retry": {
              "post": {
                "summary": "Queue a failed invitation email again",
                "operationId": "retryInvite",
                "parameters": [
                  {
                    "name": "code",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The invite, with its delivery queued.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No invite has this code.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The invite's last invitation did not fail (it is queued, being sent or delivered), or it has none.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, the API has no token, or the server does not deliver email (no `--smtp`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                },
                "description": "Seed 003's \"Error – Retry\": the invite's last invitation email failed (a 5xx, or not delivered within the retry period); it is queued again now, with the same Message-ID and a new retry period. Needs `beckon serve --smtp`."
              }
            },
            "/v1/invites/{code}/cancel": {
              "post": {
                "summary": "Cancel an invite: its link answers 410 from then on",
                "operationId": "cancelInvite",
                "parameters": [
                  {
                    "name": "code",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The invite.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No invite has this code.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The state machine does not allow this, or the Idempotency-Key was used with another request.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/invites/{code}/accept": {
              "post": {
                "summary": "Accept an invite",
                "operationId": "acceptInvite",
                "parameters": [
                  {
                    "name": "code",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The invite.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Invite"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No invite has this code.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The state machine does not allow this, or the Idempotency-Key was used with another request.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The body is larger than 64 KB.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "The body is not JSON (`Content-Type`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "inviteeId"
                        ],
                        "properties": {
                          "inviteeId": {
                            "$ref": "#/components/schemas/OpaqueID"
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/users/{id}/invites": {
              "get": {
                "summary": "A sender's invites, newest first",
                "operationId": "listInvites",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "$ref": "#/components/schemas/OpaqueID"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 200,
                      "default": 50
                    }
                  },
                  {
                    "name": "before",
                    "in": "query",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "A page of invites; `next` is the `before` of the next page.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "invites"
                          ],
                          "properties": {
                            "invites": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Invite"
                              }
                            },
                            "next": {
                              "type": "string"
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/users/{id}/erase": {
              "post": {
                "summary": "Erase a sender's personal data (first name, recipients, picture)",
                "operationId": "eraseSender",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "$ref": "#/components/schemas/OpaqueID"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "How many invites changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "erased"
                          ],
                          "properties": {
                            "erased": {
                              "type": "integer",
                              "minimum": 0
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/users/{id}/avatar": {
              "put": {
                "summary": "Keep a sender's picture for their invites' cards",
                "operationId": "putAvatar",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "$ref": "#/components/schemas/OpaqueID"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "A PNG or JPEG image of at most 1 MB and 4096×4096 pixels; its centre square is kept, 256×256.",
                  "content": {
                    "image/png": {
                      "schema": {
                        "type": "string",
                        "format": "binary"
                      }
                    },
                    "image/jpeg": {
                      "schema": {
                        "type": "string",
                        "format": "binary"
                      }
                    }
                  }
                },
                "responses": {
                  "204": {
                    "description": "Kept; it replaces an earlier picture."
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "The picture is over 1 MB.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "Sent as neither `image/png` nor `image/jpeg`; or not a PNG or JPEG image, larger than 4096 pixels a side, or damaged.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              },
              "delete": {
                "summary": "Remove a sender's picture",
                "operationId": "deleteAvatar",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "$ref": "#/components/schemas/OpaqueID"
                    }
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Removed; the cards show the sender's initials again."
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "The sender has no picture.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/events": {
              "get": {
                "summary": "The event feed, oldest first",
                "operationId": "listEvents",
                "parameters": [
                  {
                    "name": "after",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "default": 0
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000,
                      "default": 100
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Events after `after`; pass `next` as `after` next time.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "events",
                            "next"
                          ],
                          "properties": {
                            "events": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Event"
                              }
                            },
                            "next": {
                              "type": "integer",
                              "minimum": 0
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The request is not valid; `field` names the member.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              },
              "post": {
                "summary": "Record the app's events",
                "description": "The app's events of the invite flow (seed 001 §7.1), with the app key (`BECKON_APP_KEY`) or the server token. A batch of 1 to 100 is recorded whole or not at all: one event that is not valid refuses the batch, with `field` naming it (`events[3].properties`). Each event's `id` is the app's own: an event posted again records nothing more, so a batch may be retried whole. The events join the feed (`GET /v1/events`) in the order they arrive, with `source: app`; each carries its invite's context, channel, arm and language when it names a code. With the app key, rate limited per keyed client hash.",
                "operationId": "recordEvents",
                "security": [
                  {
                    "appKey": []
                  },
                  {
                    "bearer": []
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "events"
                        ],
                        "properties": {
                          "events": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": 100,
                            "items": {
                              "type": "object",
                              "additionalProperties": false,
                              "required": [
                                "id",
                                "event",
                                "at"
                              ],
                              "properties": {
                                "id": {
                                  "type": "string",
                                  "pattern": "^[A-Za-z0-9._:-]{1,64}$",
                                  "description": "The app's id for the event (a UUID will do): an event posted again with the same id is recorded once."
                                },
                                "event": {
                                  "type": "string",
                                  "enum": [
                                    "invite_flow_started",
                                    "invite_share_sheet_opened",
                                    "invite_sent",
                                    "invite_onboarding_started",
                                    "invite_onboarding_completed",
                                    "invite_first_value",
                                    "invite_prompt_shown",
                                    "invite_prompt_dismissed"
                                  ]
                                },
                                "at": {
                                  "type": "string",
                                  "format": "date-time",
                                  "description": "When it happened, by the device's clock: at most 30 days ago and 5 minutes ahead."
                                },
                                "code": {
                                  "type": "string",
                                  "description": "The invite the event concerns: the code the app was given or read from its install claim. A code no invite has refuses the batch."
                                },
                                "senderId": {
                                  "$ref": "#/components/schemas/OpaqueID"
                                },
                                "platform": {
                                  "type": "string",
                                  "enum": [
                                    "ios",
                                    "android",
                                    "desktop"
                                  ]
                                },
                                "appVersion": {
                                  "type": "string",
                                  "maxLength": 32
                                },
                                "properties": {
                                  "$ref": "#/components/schemas/EventProperties"
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The batch was recorded: `recorded` events are new, `repeated` had been recorded before.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "recorded",
                            "repeated"
                          ],
                          "properties": {
                            "recorded": {
                              "type": "integer",
                              "minimum": 0
                            },
                            "repeated": {
                              "type": "integer",
                              "minimum": 0
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A body that is not the documented JSON, or an event that is not valid (`field` names it): nothing is recorded.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong key.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "A body over 64 KB.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "A body that is not JSON.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many batches from one client; `Retry-After` says when to try again.",
                    "headers": {
                      "Retry-After": {
                        "schema": {
                          "type": "integer",
                          "minimum": 1
                        }
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the server has neither key.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/admin/sweep": {
              "post": {
                "summary": "Run the expiry sweep now",
                "description": "Marks every invite past its expiry `expired` (recording `invite_expired`), as the server's own sweep does every minute; for tests and for people watching expiry happen.",
                "operationId": "sweepExpired",
                "responses": {
                  "200": {
                    "description": "How many invites expired.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "expired"
                          ],
                          "properties": {
                            "expired": {
                              "type": "integer",
                              "minimum": 0
                            }
                          }
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/admin/digests": {
              "post": {
                "summary": "Queue the senders' digests now",
                "description": "Queues the daily digest (`notify: joined-digest`, seed 003 #49) of the day that ends at `until`: one email per sender who gave `senderEmail` and whose invites were accepted in the 24 hours before it. The server does this itself at `email.digest.hour` each day; this runs it at once, for tests and for a day that was missed. A day's digests are queued once however often it is asked. Refused (409) when the site has no digest email.",
                "operationId": "queueDigests",
                "parameters": [
                  {
                    "name": "until",
                    "in": "query",
                    "required": false,
                    "description": "The end of the day the digests cover (RFC 3339, not in the future); the last `email.digest.hour` by default.",
                    "schema": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "How many digests were queued now, and the day they cover.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "queued",
                            "until"
                          ],
                          "properties": {
                            "queued": {
                              "type": "integer",
                              "minimum": 0
                            },
                            "until": {
                              "type": "string",
                              "format": "date-time"
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "`until` is not an RFC 3339 time, or it is in the future.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "409": {
                    "description": "The site has no email with `notify: joined-digest`.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/installs": {
              "post": {
                "summary": "Claim the invite an app was installed from",
                "description": "The app's first launch, with the app key (`BECKON_APP_KEY`; the server token is refused here, and the app key is refused everywhere else). A signed link from the clipboard (`clipboard`) or Google Play's install referrer (`referrer`) that verifies names its invite; otherwise, on a site with `deferred.matchWindow`, the single unclaimed store click from the same keyed client hash and platform inside the window, and none when two or more fit. One answer shape whatever failed: `{\"match\": null}`. The first claim of an invite records `invite_app_installed`; a later one answers the same and records nothing. Rate limited per keyed client hash.",
                "operationId": "claimInstall",
                "security": [
                  {
                    "appKey": []
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "platform"
                        ],
                        "properties": {
                          "platform": {
                            "type": "string",
                            "enum": [
                              "ios",
                              "android"
                            ]
                          },
                          "appVersion": {
                            "type": "string",
                            "maxLength": 32
                          },
                          "locale": {
                            "type": "string",
                            "maxLength": 35,
                            "description": "The device's language (BCP 47)."
                          },
                          "clipboard": {
                            "type": "string",
                            "maxLength": 2048,
                            "description": "The clipboard's text, as the app read it (a signed invite link when the landing page put one there)."
                          },
                          "referrer": {
                            "type": "string",
                            "maxLength": 2048,
                            "description": "Google Play's install referrer string, as the Install Referrer API gives it."
                          }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The invite, or `null` when nothing names one.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "match"
                          ],
                          "properties": {
                            "match": {
                              "oneOf": [
                                {
                                  "$ref": "#/components/schemas/InstallMatch"
                                },
                                {
                                  "type": "null"
                                }
                              ]
                            }
                          }
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A body that is not the documented JSON.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong app key (the server token included).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "413": {
                    "description": "A body over 64 KB.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "415": {
                    "description": "A body that is not JSON.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "429": {
                    "description": "Too many claims from one client; `Retry-After` says when to try again.",
                    "headers": {
                      "Retry-After": {
                        "schema": {
                          "type": "integer",
                          "minimum": 1
                        }
                      }
                    },
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the server has no app key.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/funnel": {
              "get": {
                "summary": "The invite funnel",
                "description": "What `beckon funnel` reports, for the invites created in a period: per group, the count at each stage (created, sent, opened, store_clicked, installed, onboarding_completed, accepted; `null` where a stage has no data), each stage-to-stage rate with its 95 % Wilson interval, acceptance, the K-factor, and between arms a two-proportion test on acceptance with its p-value, minimum detectable effect and verdict. The JSON's fields are documented in docs/funnel.md. `format=html` answers the HTML report.",
                "operationId": "getFunnel",
                "parameters": [
                  {
                    "name": "by",
                    "in": "query",
                    "required": false,
                    "description": "Group the invites by this field of theirs; an invite's `platform` is its install's, else that of its first event that names one, else `unknown`.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "variant",
                        "channel",
                        "locale",
                        "context",
                        "platform"
                      ]
                    }
                  },
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "description": "The period's first day (UTC, YYYY-MM-DD) or start time (ISO 8601), by the invites' creation.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "description": "The period's last day (UTC, YYYY-MM-DD, included) or end time (ISO 8601, excluded).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "description": "`json` (the default) or `html`.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "json",
                        "html"
                      ]
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The report.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "groups",
                            "comparisons",
                            "summary"
                          ],
                          "properties": {
                            "dimension": {
                              "type": [
                                "string",
                                "null"
                              ]
                            },
                            "groups": {
                              "type": "array",
                              "items": {
                                "type": "object"
                              }
                            },
                            "comparisons": {
                              "type": "array",
                              "items": {
                                "type": "object"
                              }
                            },
                            "summary": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            }
                          }
                        }
                      },
                      "text/html": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A parameter that is not one of the documented values.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token (the app key included).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, or the API has no token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/webhooks/deliveries": {
              "get": {
                "summary": "The webhook deliveries made last",
                "operationId": "listWebhookDeliveries",
                "description": "The latest webhooks of `beckon serve --webhook`, newest first, each with its state, attempts and the endpoint's last reply.",
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "description": "How many, 1 to 100 (20 by default).",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 100
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The deliveries.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/WebhookDeliveries"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "`limit` is not from 1 to 100.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "401": {
                    "description": "No or a wrong bearer token.",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  },
                  "503": {
                    "description": "The store does not answer, the API has no token, or the server posts no webhooks (no `--webhook`).",
                    "content": {
                      "application/problem+json": {
                        "schema": {
                          "$ref": "#/components/schemas/Problem"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "BECKON_API_TOKEN"
              },
              "appKey": {
                "type": "http",
                "scheme": "bearer",
                "description": "BECKON_APP_KEY: the key the app ships, which may only claim installs and record the app's events."
              }
            },
            "schemas": {
              "OpaqueID": {
                "type": "string",
                "pattern": "^[A-Za-z0-9_-]{1,64}$"
              },
              "Context": {
                "type": "string",
                "enum": [
                  "generic",
                  "achievement",
                  "content",
                  "collaborative"
                ]
              },
              "Channel": {
                "type": "string",
                "enum": [
                  "imessage",
                  "whatsapp",
                  "sms",
                  "instagram",
                  "email",
                  "copy_link",
                  "airdrop",
                  "other"
                ]
              },
              "Invite": {
                "type": "object",
                "required": [
                  "code",
                  "link",
                  "id",
                  "status",
                  "senderId",
                  "context",
                  "channel",
                  "createdAt",
                  "expiresAt"
                ],
                "properties": {
                  "code": {
                    "type": "string",
                    "pattern": "^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6,32}$"
                  },
                  "link": {
                    "type": "string",
                    "format": "uri"
                  },
                  "id": {
                    "type": "string",
                    "format": "uuid"
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "created",
                      "sent",
                      "opened",
                      "accepted",
                      "expired",
                      "cancelled"
                    ]
                  },
                  "senderId": {
                    "$ref": "#/components/schemas/OpaqueID"
                  },
                  "senderFirstName": {
                    "type": "string"
                  },
                  "senderGender": {
                    "type": "string",
                    "enum": [
                      "female",
                      "male",
                      "other"
                    ],
                    "description": "The sender's grammatical gender, as given at create; absent once erased."
                  },
                  "context": {
                    "$ref": "#/components/schemas/Context"
                  },
                  "contextId": {
                    "$ref": "#/components/schemas/OpaqueID"
                  },
                  "contextTitle": {
                    "type": "string"
                  },
                  "channel": {
                    "$ref": "#/components/schemas/Channel"
                  },
                  "recipient": {
                    "type": "string"
                  },
                  "inviteeFirstName": {
                    "type": "string",
                    "description": "The invitee's first name, as given at create; absent once erased."
                  },
                  "locale": {
                    "type": "string"
                  },
                  "variant": {
                    "type": "string"
                  },
                  "inviteeId": {
                    "$ref": "#/components/schemas/OpaqueID"
                  },
                  "createdAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "expiresAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "sentAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "resentAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "openedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "acceptedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "cancelledAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "emails": {
                    "type": "array",
                    "description": "The invitation emails of an email invite, made by this request (create, bulk create, resend) when the site has an email with `recipient: invitee`.",
                    "items": {
                      "$ref": "#/components/schemas/InvitationEmail"
                    }
                  },
                  "share": {
                    "$ref": "#/components/schemas/ShareMessage",
                    "description": "The share message for the invite's channel, with its own link, in its locale (or the one the request's Accept-Language prefers): returned by create and bulk create on a site with `share` messages."
                  },
                  "softWarning": {
                    "$ref": "#/components/schemas/SoftWarning"
                  },
                  "delivery": {
                    "$ref": "#/components/schemas/Delivery"
                  }
                }
              },
              "InvitationEmail": {
                "type": "object",
                "properties": {
                  "template": {
                    "type": "string",
                    "description": "The email template's name."
                  },
                  "subject": {
                    "type": "string"
                  },
                  "preheader": {
                    "type": "string"
                  },
                  "html": {
                    "type": "string",
                    "description": "The HTML part."
                  },
                  "text": {
                    "type": "string",
                    "description": "The plain-text part."
                  },
                  "mime": {
                    "type": "string",
                    "description": "The complete MIME message (RFC 5322, CRLF line ends)."
                  },
                  "failedRules": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "The rules the email failed; it was not made."
                  },
                  "problem": {
                    "type": "string",
                    "description": "Why the email could not be made or written."
                  },
                  "outboxFile": {
                    "type": "string",
                    "description": "The file it was written to in `beckon serve --outbox`."
                  }
                }
              },
              "ShareMessage": {
                "type": "object",
                "required": [
                  "text"
                ],
                "properties": {
                  "text": {
                    "type": "string",
                    "description": "The plain text the sender shares, with the invite's signed link."
                  },
                  "subject": {
                    "type": "string",
                    "description": "The email's subject, for the email channel."
                  },
                  "url": {
                    "type": "string",
                    "description": "The link that opens the channel with the text filled in, addressed to the recipient: `sms:`, `https://wa.me/`, `mailto:` or the Instagram profile; absent for channels that take no link (copy_link, airdrop, other)."
                  },
                  "alternateUrl": {
                    "type": "string",
                    "description": "The other form of `url`: `sms:NUMBER?body=`, `whatsapp://send?…`, or the Instagram web profile."
                  },
                  "note": {
                    "type": "string",
                    "description": "What to tell the sender about this channel (Instagram cannot prefill a message)."
                  }
                }
              },
              "Event": {
                "type": "object",
                "required": [
                  "sequence",
                  "event",
                  "source",
                  "at"
                ],
                "properties": {
                  "sequence": {
                    "type": "integer",
                    "minimum": 1
                  },
                  "event": {
                    "type": "string",
                    "enum": [
                      "invite_created",
                      "invite_sent",
                      "invite_resent",
                      "invite_link_opened",
                      "invite_accepted",
                      "invite_cancelled",
                      "invite_expired",
                      "invite_store_clicked",
                      "invite_app_installed",
                      "invite_flow_started",
                      "invite_share_sheet_opened",
                      "invite_onboarding_started",
                      "invite_onboarding_completed",
                      "invite_first_value",
                      "invite_prompt_shown",
                      "invite_prompt_dismissed",
                      "invite_delivery_failed"
                    ]
                  },
                  "source": {
                    "type": "string",
                    "enum": [
                      "server",
                      "app"
                    ],
                    "description": "Who recorded the event: the server as the invite changed, or the app (`POST /v1/events`)."
                  },
                  "inviteId": {
                    "type": "string",
                    "format": "uuid",
                    "description": "The invite's id: on every server event, and on an app event that named an invite."
                  },
                  "code": {
                    "type": "string",
                    "description": "The invite's code, where `inviteId` is."
                  },
                  "senderId": {
                    "$ref": "#/components/schemas/OpaqueID"
                  },
                  "context": {
                    "$ref": "#/components/schemas/Context"
                  },
                  "channel": {
                    "$ref": "#/components/schemas/Channel"
                  },
                  "at": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "platform": {
                    "type": "string",
                    "enum": [
                      "ios",
                      "android",
                      "desktop"
                    ],
                    "description": "The device's platform, on `invite_store_clicked`, `invite_app_installed` and the app's events that name it."
                  },
                  "method": {
                    "type": "string",
                    "enum": [
                      "clipboard",
                      "referrer",
                      "window"
                    ],
                    "description": "How an install found its invite, on `invite_app_installed`."
                  },
                  "variant": {
                    "type": "string",
                    "description": "The invite's A/B arm (`share.variants`), when it has one."
                  },
                  "locale": {
                    "type": "string",
                    "description": "The invite's language, when it was created with one."
                  },
                  "clientEventId": {
                    "type": "string",
                    "description": "The app's id of the event, on the app's events."
                  },
                  "appVersion": {
                    "type": "string",
                    "description": "The app's version, on the app's events that name it."
                  },
                  "properties": {
                    "$ref": "#/components/schemas/EventProperties"
                  }
                },
                "description": "One event of the feed. The server's events always name their invite (`inviteId`, `code`, `senderId`, `context`, `channel`); the app's name one when they were sent with a code, and a sender when they were sent with one."
              },
              "Problem": {
                "type": "object",
                "required": [
                  "type",
                  "title",
                  "status",
                  "detail"
                ],
                "properties": {
                  "type": {
                    "type": "string"
                  },
                  "title": {
                    "type": "string"
                  },
                  "status": {
                    "type": "integer"
                  },
                  "detail": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string",
                    "description": "A stable name of the refusal for programs, on the refusals that have one: `recipient.pending` (409: the sender has a pending invite to this recipient, `invites.uniqueRecipient`) and `recipient.suppressed` (409: the recipient unsubscribed from the site's emails, which are not transactional; nothing is sent)."
                  },
                  "field": {
                    "type": "string"
                  },
                  "message": {
                    "type": "string",
                    "description": "The site's message for people, in the language the request's Accept-Language prefers among the site's locales (Content-Language names it): for a sender over the daily limit (429), for a recipient who has a pending invite (409, `invites.uniqueRecipient`) when the site's bundle has `inApp.alreadyInvited`, and for one who unsubscribed (409, `recipient.suppressed`) when it has `inApp.recipientSuppressed`."
                  },
                  "pendingCode": {
                    "type": "string",
                    "description": "With `invites.uniqueRecipient`, for a recipient the sender has a pending invite to (409): that invite's code, to resend or cancel it."
                  }
                }
              },
              "InstallMatch": {
                "type": "object",
                "description": "The invite an install claimed.",
                "required": [
                  "code",
                  "status",
                  "method",
                  "context",
                  "sender"
                ],
                "properties": {
                  "code": {
                    "type": "string"
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "pending",
                      "expired",
                      "cancelled",
                      "accepted"
                    ],
                    "description": "Which screen the app shows: the invite to accept, or that it expired, was cancelled or was accepted already."
                  },
                  "method": {
                    "type": "string",
                    "enum": [
                      "clipboard",
                      "referrer",
                      "window"
                    ]
                  },
                  "context": {
                    "$ref": "#/components/schemas/Context"
                  },
                  "contextId": {
                    "type": "string"
                  },
                  "contextTitle": {
                    "type": "string"
                  },
                  "deepLink": {
                    "type": "string",
                    "description": "The path the app routes to (the site's `app.urlScheme` deep link), when the site has a scheme."
                  },
                  "sender": {
                    "type": "object",
                    "description": "Who invited, as the invite's page shows them; empty once the sender's data was erased.",
                    "properties": {
                      "firstName": {
                        "type": "string"
                      },
                      "avatarUrl": {
                        "type": "string",
                        "format": "uri"
                      }
                    }
                  }
                }
              },
              "EventProperties": {
                "type": "object",
                "maxProperties": 16,
                "description": "An app event's properties: at most 16, each named with a lower-case ASCII letter then letters, digits and `_` (at most 40 bytes), each a string of at most 100 bytes, a finite number or a boolean. No personal data: names such as `email`, `phone`, `name` and values that read as an e-mail address or a phone number are refused.",
                "additionalProperties": {
                  "oneOf": [
                    {
                      "type": "string",
                      "maxLength": 100
                    },
                    {
                      "type": "number"
                    },
                    {
                      "type": "boolean"
                    }
                  ]
                }
              },
              "SoftWarning": {
                "type": "object",
                "description": "A nudge the app may show, never a refusal (seed 000 E3, R14): on a bulk create of `limits.softWarning` recipients or more, and on a create that is a sender's `limits.softWarning`-th or later in an hour. `message` is the site's `inApp.bulkWarning` (bulk) or `inApp.sessionWarning` (one by one) in the language the request's Accept-Language prefers among the site's locales, absent when the site has no such string.",
                "required": [
                  "threshold"
                ],
                "properties": {
                  "threshold": {
                    "type": "integer",
                    "minimum": 1
                  },
                  "message": {
                    "type": "string",
                    "description": "The site's `inApp.bulkWarning` (bulk) or `inApp.sessionWarning` (one by one) string in the language the request's Accept-Language prefers among the site's locales; absent when the site has none."
                  },
                  "locale": {
                    "type": "string",
                    "description": "The locale of `message`."
                  }
                }
              },
              "Delivery": {
                "type": "object",
                "description": "Where the invite's last invitation email stands in the delivery queue (`beckon serve --smtp`).",
                "required": [
                  "state",
                  "attempts",
                  "messageId",
                  "queuedAt",
                  "updatedAt"
                ],
                "properties": {
                  "state": {
                    "type": "string",
                    "enum": [
                      "queued",
                      "sending",
                      "delivered",
                      "deferred",
                      "failed"
                    ],
                    "description": "`delivered`: the relay took it (250); `deferred`: tried again later; `failed`: refused (5xx) or not delivered within the retry period, until `POST /v1/invites/{code}/retry`."
                  },
                  "attempts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "messageId": {
                    "type": "string",
                    "description": "The message's `Message-ID` without angle brackets, the same on every attempt."
                  },
                  "queuedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "updatedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "nextAttemptAt": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When a queued or deferred message is tried next."
                  },
                  "lastReply": {
                    "type": "string",
                    "description": "The relay's last reply (addresses removed), or why it did not answer."
                  }
                }
              },
              "WebhookDelivery": {
                "type": "object",
                "required": [
                  "id",
                  "event",
                  "inviteId",
                  "state",
                  "attempts",
                  "queuedAt",
                  "updatedAt"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "The delivery's `webhook-id` header, the same on every attempt."
                  },
                  "event": {
                    "type": "string",
                    "description": "The event posted, such as `invite_accepted`."
                  },
                  "inviteId": {
                    "type": "string",
                    "format": "uuid"
                  },
                  "state": {
                    "type": "string",
                    "enum": [
                      "queued",
                      "sending",
                      "delivered",
                      "deferred",
                      "failed"
                    ]
                  },
                  "attempts": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "queuedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "updatedAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "nextAttemptAt": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "lastReply": {
                    "type": "string",
                    "description": "`HTTP 204`, `HTTP 500`, or why the endpoint did not answer."
                  }
                }
              },
              "WebhookDeliveries": {
                "type": "object",
                "required": [
                  "disabled",
                  "deliveries"
                ],
                "properties": {
                  "disabled": {
                    "type": "boolean",
                    "description": "Whether the endpoint is disabled after a run of failed deliveries (`--webhook-disable-after`); its webhooks wait in the queue until the server restarts."
                  },
                  "deliveries": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/WebhookDelivery"
                    }
                  }
                }
              }
            }
          }
        }
        """#
}
