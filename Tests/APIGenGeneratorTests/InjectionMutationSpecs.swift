/// The specs `InjectionMutationTests` mutates: small, valid, and between them using every
/// field the generator reads. JSON, so that a mutant is written back exactly.
extension InjectionMutationTests {
    static let openAPIBase = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Mutant", "version": "1.0.0", "description": "A spec to mutate."},
          "servers": [
            {"url": "https://{region}.example.com/v1", "description": "Production server",
             "variables": {"region": {"default": "eu", "enum": ["eu", "us"], "description": "The region."}}},
            {"url": "/relative", "description": "Relative"}
          ],
          "tags": [{"name": "pets", "description": "Pets."}],
          "security": [{"bearer": []}],
          "paths": {
            "/pets/{petId}": {
              "parameters": [
                {"name": "petId", "in": "path", "required": true, "description": "The pet.",
                 "schema": {"type": "string", "pattern": "^[a-z]{3}$", "example": "abc"}}
              ],
              "get": {
                "operationId": "getPet", "summary": "Get a pet.", "description": "Returns the pet.", "tags": ["pets"],
                "parameters": [
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int32", "default": 20, "minimum": 1, "maximum": 100}},
                  {"name": "tags", "in": "query", "style": "pipeDelimited", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}},
                  {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "additionalProperties": {"type": "string"}}},
                  {"name": "order", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"], "default": "asc"}},
                  {"name": "X-Trace", "in": "header", "deprecated": true, "schema": {"type": "string"}},
                  {"name": "session", "in": "cookie", "schema": {"type": "string"}}
                ],
                "responses": {
                  "200": {"description": "The pet.", "headers": {"X-Rate-Limit": {"description": "Calls left.", "schema": {"type": "integer"}}},
                          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}, "example": {"id": 1, "name": "Rex"}}}},
                  "203": {"description": "Cached.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Animal"}}}},
                  "404": {"description": "Missing.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                  "default": {"description": "Error."}
                }
              },
              "delete": {"operationId": "deletePet", "deprecated": true, "security": [{"apiKey": []}, {"oauth": ["write"]}],
                         "responses": {"204": {"description": "Gone."}}}
            },
            "/pets": {
              "get": {
                "operationId": "listPets",
                "parameters": [
                  {"name": "page", "in": "query", "schema": {"type": "integer", "default": 1}},
                  {"name": "per_page", "in": "query", "schema": {"type": "integer", "default": 10}}
                ],
                "responses": {"200": {"description": "Pets.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}
              },
              "post": {
                "operationId": "createPet", "x-apigen-read": false,
                "requestBody": {"required": true, "description": "The new pet.",
                                "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                                            "application/vnd.pet+json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                "responses": {"201": {"description": "Created.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}},
                "callbacks": {"petReady": {"{$request.body#/callbackUrl}": {"post": {
                  "operationId": "petReadyCallback", "summary": "The pet is ready.",
                  "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                  "responses": {"200": {"description": "Seen."}}}}}}
              }
            },
            "/uploads": {
              "post": {
                "operationId": "upload",
                "requestBody": {"content": {"multipart/form-data": {
                  "schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}, "note": {"type": "string"}}},
                  "encoding": {"file": {"contentType": "image/png"}}}}},
                "responses": {"200": {"description": "Done.", "content": {"text/plain": {"schema": {"type": "string"}}}}}
              }
            },
            "/form": {
              "put": {
                "operationId": "sendForm", "x-apigen-read": true,
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}},
                "responses": {"200": {"description": "Raw.", "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}
              }
            }
          },
          "webhooks": {
            "petAdded": {"post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                                  "responses": {"200": {"description": "Seen."}}}}
          },
          "components": {
            "schemas": {
              "Pet": {
                "type": "object", "title": "Pet", "description": "A pet.", "required": ["id", "name"],
                "properties": {
                  "id": {"type": "integer", "format": "int64", "readOnly": true},
                  "name": {"type": "string", "minLength": 1, "maxLength": 50, "default": "Rex", "example": "Rex"},
                  "kind": {"type": "string", "enum": ["dog", "cat", "-1", "+1"]},
                  "level": {"$ref": "#/components/schemas/Level"},
                  "born": {"type": "string", "format": "date"},
                  "seen": {"type": ["string", "null"], "format": "date-time"},
                  "weight": {"type": "number", "format": "float", "minimum": 0, "maximum": 1000},
                  "secret": {"type": "string", "writeOnly": true},
                  "tags": {"type": "array", "items": {"type": "string"}, "default": []},
                  "meta": {"type": "object", "additionalProperties": {"type": "string"}},
                  "shape": {"$ref": "#/components/schemas/Shape"},
                  "species": {"const": "animal"},
                  "parent": {"$ref": "#/components/schemas/Node"}
                }
              },
              "Level": {"type": "integer", "format": "int32", "enum": [1, 2, 3], "default": 2},
              "Base": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
              "Cat": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"lives": {"type": "integer", "default": 9}}}]},
              "Dog": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"breed": {"type": "string"}}}]},
              "Animal": {
                "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}}
              },
              "Shape": {"anyOf": [{"type": "string"}, {"type": "integer"}], "description": "A shape."},
              "Node": {"type": "object", "properties": {"value": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}},
              "Problem": {"type": "object", "properties": {"title": {"type": "string"}, "status": {"type": "integer"}}}
            },
            "securitySchemes": {
              "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT", "description": "A token."},
              "basic": {"type": "http", "scheme": "basic"},
              "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
              "oauth": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://example.com/token", "scopes": {"write": "Write pets."}}}}
            }
          }
        }
        """#

    static let swaggerBase = #"""
        {
          "swagger": "2.0",
          "info": {"title": "Mutant", "version": "1.0"},
          "host": "api.example.com", "basePath": "/v2", "schemes": ["https"],
          "consumes": ["application/json"], "produces": ["application/json"],
          "securityDefinitions": {"key": {"type": "apiKey", "in": "query", "name": "api_key"}, "auth": {"type": "basic"}},
          "security": [{"key": []}],
          "paths": {
            "/items/{id}": {
              "get": {
                "operationId": "getItem",
                "parameters": [
                  {"name": "id", "in": "path", "required": true, "type": "integer", "format": "int64"},
                  {"name": "fields", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"},
                  {"name": "sort", "in": "query", "type": "string", "enum": ["up", "down"], "default": "up"},
                  {"name": "X-Id", "in": "header", "type": "string"}
                ],
                "responses": {"200": {"description": "An item.", "schema": {"$ref": "#/definitions/Item"}}}
              },
              "post": {
                "operationId": "putItem",
                "parameters": [
                  {"name": "id", "in": "path", "required": true, "type": "integer"},
                  {"name": "body", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Item"}}
                ],
                "responses": {"201": {"description": "Stored."}}
              }
            },
            "/files": {
              "post": {
                "operationId": "sendFile", "consumes": ["multipart/form-data"],
                "parameters": [
                  {"name": "file", "in": "formData", "type": "file", "required": true},
                  {"name": "label", "in": "formData", "type": "string"}
                ],
                "responses": {"200": {"description": "Sent."}}
              }
            }
          },
          "definitions": {
            "Item": {
              "type": "object", "required": ["name"], "discriminator": "name",
              "properties": {
                "name": {"type": "string", "x-nullable": true, "example": "pen"},
                "count": {"type": "integer", "format": "int32", "minimum": 0, "default": 1},
                "state": {"type": "string", "enum": ["new", "used"]}
              }
            }
          }
        }
        """#
}
