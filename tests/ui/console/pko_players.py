"""The thirty players of the re-entry knockout nights the PKO console tests play."""

NAMES = (
    "Ann Lee", "Bruno Alves", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad", "Grace O'Malley",
    "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández", "Maya Patel",
    "Niamh Byrne", "Oskar Berg", "Priya Raman", "Quentin Dubois", "Rosa Jiménez", "Sam O'Brien", "Tomasz Zieliński",
    "Uma Iyer", "Victor Hugo", "Wanda Nowicka", "Xavier Roux", "Yuki Sato", "Zofia Wrona", "Aaron Price",
    "Bea Kaur", "Carl Moss", "Dina Wolfe",
)
